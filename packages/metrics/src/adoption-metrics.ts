import { Counter, Gauge, type Registry } from 'prom-client';
import type { AdoptionHealth, Uncounted } from '@companion/adoption-store';

const UNCOUNTED: readonly Uncounted[] = ['not_issued', 'unknown_version', 'pending_full'];

/** A counter whose total is kept elsewhere (the recorder): set from it when scraped. */
function countFrom(registry: Registry, name: string, help: string, read: () => number | null): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const value = read();
      this.reset();
      if (value !== null) this.inc(value);
    },
  });
}

/**
 * How install counting goes: flushes that failed and the last that succeeded (a store that stopped
 * taking the counts), checks and reports not counted by why (a flood of made-up ids shows here,
 * not as series), credentials issued. Read from the recorder when scraped.
 */
export function registerAdoptionMetrics(registry: Registry, health: () => AdoptionHealth | null): void {
  countFrom(registry, 'companion_adoption_flush_failures_total', 'Flushes of the install counts that failed (what they held is kept for the next)', () => health()?.flush_failures ?? null);
  countFrom(registry, 'companion_install_credentials_issued_total', 'Install credentials issued (POST /api/installs) by this process', () => health()?.credentials_issued ?? null);
  new Gauge({
    name: 'companion_adoption_last_flush_timestamp_seconds',
    help: 'When the install counts were last written whole, Unix seconds (absent before the first flush)',
    registers: [registry],
    collect() {
      this.reset();
      const at = health()?.last_flush_at;
      if (at) this.set(Date.parse(at) / 1000);
    },
  });
  new Counter({
    name: 'companion_adoption_uncounted_total',
    help: 'Update checks and bug reports not counted, by why: not_issued (an id the service did not issue), unknown_version (a version the changelog does not hold), pending_full (past the bound held between flushes)',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      const uncounted = health()?.uncounted;
      this.reset();
      if (uncounted) for (const reason of UNCOUNTED) this.inc({ reason }, uncounted[reason]);
    },
  });
}
