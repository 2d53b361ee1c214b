import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

// The shipped alert rules, checked and unit-tested with Prometheus's own promtool (Debian's
// `prometheus` package): each alert fires on a series that should fire it and stays silent on
// one that should not (deploy/monitoring/alerts.test.yml, and alerts-weekly.test.yml for the
// alerts that look back a week, evaluated hourly).

const run = promisify(execFile);
const DEPLOY = resolve(import.meta.dirname, '../../../deploy/monitoring');
const PROMTOOL = '/usr/bin/promtool';
const TEST_FILES = ['alerts.test.yml', 'alerts-weekly.test.yml'];
const missing = existsSync(PROMTOOL) ? null : `skipped: ${PROMTOOL} is not installed (apt-get install prometheus)`;
if (missing) console.log(missing);

interface RuleTest {
  input_series: { series: string; values: string }[];
  alert_rule_test: { alertname: string; exp_alerts: { exp_labels: Record<string, string> }[] }[];
}

(missing ? describe.skip : describe)('deploy/monitoring/alerts.yml', () => {
  it('passes promtool check rules', async () => {
    const { stdout } = await run(PROMTOOL, ['check', 'rules', 'alerts.yml'], { cwd: DEPLOY });
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('passes its unit tests (promtool test rules)', async () => {
    const outcome = await run(PROMTOOL, ['test', 'rules', ...TEST_FILES], { cwd: DEPLOY }).then(
      ({ stdout }) => stdout,
      (failed: { stdout: string; stderr: string }) => `${failed.stdout}${failed.stderr}`,
    );
    expect(outcome).not.toContain('FAILED');
    expect(outcome.match(/^ {2}SUCCESS$/gm)).toHaveLength(TEST_FILES.length);
  });

  it('has the release health alerts: a halt named by its version, a guard that will not judge or fails, counts that are not written', async () => {
    const rules = (parse(await readFile(join(DEPLOY, 'alerts.yml'), 'utf8')) as { groups: { rules: { alert: string; expr: string; annotations: { summary: string } }[] }[] }).groups.flatMap((g) => g.rules);
    const named = (alert: string) => rules.filter((r) => r.alert === alert);
    expect(named('RolloutHalted').map((r) => [r.expr, r.annotations.summary.includes('{{ $labels.version }}')])).toEqual([[expect.stringContaining('companion_release_halted'), true]]);
    expect(named('RolloutGuardUnjudged').map((r) => r.expr)).toEqual([expect.stringContaining('companion_rollout_guard_unjudged')]);
    expect(named('RolloutGuardFailing').map((r) => r.expr)).toEqual([expect.stringContaining('companion_rollout_guard_failures_total')]);
    expect(named('AdoptionFlushFailing').map((r) => r.expr)).toEqual([expect.stringContaining('companion_adoption_flush_failures_total'), expect.stringContaining('companion_adoption_last_flush_timestamp_seconds')]);
  });

  it('has the alerts of states a person must act on: writes failing at any rate, an export backlog, checks dropped uncounted, a restore unconfirmed, a restore witness that cannot be kept', async () => {
    const rules = (parse(await readFile(join(DEPLOY, 'alerts.yml'), 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap((g) => g.rules);
    const expr = (alert: string) => rules.filter((r) => r.alert === alert).map((r) => r.expr);
    // A ratio of writes to writes, by store: reads never dilute it.
    expect(expr('CompanionWritesFailing')).toEqual([expect.stringMatching(/companion_writes_total\{outcome=~"unavailable\|failed"\}.*\/ sum by \(job, instance, store\) \(increase\(companion_writes_total\{outcome!="refused"\}/s)]);
    expect(expr('CompanionWritesFailing')[0]).not.toContain('companion_http_requests_total');
    expect(expr('CatalogueExportBacklog')).toEqual([expect.stringContaining('companion_catalog_pending')]);
    expect(expr('AdoptionChecksDropped')).toEqual([expect.stringContaining('companion_adoption_uncounted_total{reason="pending_full"}')]);
    expect(expr('RestoreUnconfirmed')).toEqual([expect.stringContaining('companion_restore_unconfirmed')]);
    expect(expr('RestoreWitnessUnwritable')).toEqual([expect.stringContaining('companion_restore_witness_problem')]);
  });

  it('has, for every alert, a case where it fires and a series or case where it stays silent', async () => {
    const rules = parse(await readFile(join(DEPLOY, 'alerts.yml'), 'utf8')) as { groups: { rules: { alert: string }[] }[] };
    const tests = (await Promise.all(TEST_FILES.map(async (file) => (parse(await readFile(join(DEPLOY, file), 'utf8')) as { tests: RuleTest[] }).tests))).flat();
    const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(alerts.length).toBeGreaterThan(10);
    const uncovered = alerts.filter((alert) => {
      const cases = tests.flatMap((t) => t.alert_rule_test.filter((c) => c.alertname === alert).map((c) => ({ series: t.input_series, expected: c.exp_alerts })));
      const fires = cases.some((c) => c.expected.length > 0);
      // Silent: a case expecting nothing, or an input series of an instance the expected alerts
      // leave out, where they are per instance (an alert per release or job names none).
      const silent = cases.some((c) => c.expected.length === 0 || (c.expected.every((e) => e.exp_labels.instance !== undefined) && c.series.some((s) => {
        const instance = /instance="([^"]+)"/.exec(s.series)?.[1];
        return instance !== undefined && !c.expected.some((e) => e.exp_labels.instance === instance);
      })));
      return !(fires && silent);
    });
    expect(uncovered).toEqual([]);
  });
});
