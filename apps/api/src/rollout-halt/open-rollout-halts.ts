import type { Database } from '@companion/database';
import { ConfigError } from '@companion/http-kit';
import { openFileRolloutStore } from '@companion/rollout-store';
import { RolloutHalts, type RolloutHaltOptions } from '@companion/release-guard';

/** `ROLLOUT_GUARD_INTERVAL_S`: seconds between judgements of the guards, 1-86400 (default 60). */
export function guardIntervalMs(env: Record<string, string | undefined>): number {
  const text = env.ROLLOUT_GUARD_INTERVAL_S;
  if (text === undefined || text === '') return 60_000;
  const seconds = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(seconds >= 1 && seconds <= 86_400)) throw new ConfigError(`ROLLOUT_GUARD_INTERVAL_S: expected a whole number of seconds from 1 to 86400; found ${JSON.stringify(text)}`);
  return seconds * 1000;
}

/** The halts and share settings on the database when there is one (every replica reads them), else in DATA_DIR; read before the service answers. */
export async function openRolloutHalts({ dataDir, database, env, ...rest }: Omit<RolloutHaltOptions, 'store' | 'intervalMs'> & { dataDir: string; database: Database | null; env: Record<string, string | undefined> }): Promise<RolloutHalts> {
  const intervalMs = guardIntervalMs(env);
  const store = database ? await (await import('@companion/rollout-store/postgresql')).openPgRolloutStore(database) : await openFileRolloutStore(dataDir);
  const halts = new RolloutHalts({ ...rest, store, intervalMs });
  try {
    await halts.refresh();
  } catch (error) {
    await halts.close();
    throw error;
  }
  return halts;
}
