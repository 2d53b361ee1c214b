import type { Database } from '@companion/database';
import type { ContentSnapshot } from '@companion/content';
import type { Clock } from '@companion/schema';
import type { Logger } from 'pino';
import { ConfigError } from '@companion/http-kit';
import { AdoptionRecorder } from '@companion/adoption-store';
import { openFileAdoptionStore } from '@companion/adoption-store';

/** `ADOPTION_RETENTION_DAYS`: days of install counts kept, 1-3650 (default 90). */
export function retentionDays(env: Record<string, string | undefined>): number {
  const text = env.ADOPTION_RETENTION_DAYS;
  if (text === undefined || text === '') return 90;
  const days = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(days >= 1 && days <= 3650)) throw new ConfigError(`ADOPTION_RETENTION_DAYS: expected a whole number of days from 1 to 3650; found ${JSON.stringify(text)}`);
  return days;
}

/** The versions of a snapshot's releases, stable and preview: the only ones counted, so no request can add a label or a row. */
const versionsOf = (() => {
  const known = new WeakMap<ContentSnapshot, ReadonlySet<string>>();
  return (snapshot: ContentSnapshot): ReadonlySet<string> => {
    let versions = known.get(snapshot);
    if (versions === undefined) known.set(snapshot, (versions = new Set([...snapshot.stable, ...snapshot.preview].map((r) => r.version))));
    return versions;
  };
})();

/** The adoption counts on the database when there is one (shared by replicas), else in DATA_DIR. */
export async function openAdoption({ dataDir, database, content, clock, env, flushMs, logger }: { dataDir: string; database: Database | null; content: { current(): ContentSnapshot }; clock: Clock; env: Record<string, string | undefined>; flushMs?: number; logger?: Pick<Logger, 'warn'> }): Promise<AdoptionRecorder> {
  const days = retentionDays(env);
  const store = database ? await (await import('@companion/adoption-store/postgresql')).openPgAdoptionStore(database) : await openFileAdoptionStore(dataDir);
  const recorder = new AdoptionRecorder({ store, clock, retentionDays: days, flushMs, logger, knows: (version) => versionsOf(content.current()).has(version) });
  await recorder.flush(); // prunes what retention left behind while the service was down
  return recorder;
}
