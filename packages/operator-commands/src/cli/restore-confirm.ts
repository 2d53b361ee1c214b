import { confirmRestores } from '@companion/restore-watch';
import { openPgLineageStore } from '@companion/restore-watch/postgresql';
import { CommandRefusal, runDatabaseCommand } from './database-command';

/**
 * `pnpm restore:confirm --by <name> --reason <text>` (built: `node apps/api/dist/restore-confirm.js`):
 * confirms, on DATABASE_URL, the restore of an older backup the replicas noticed, as the console's
 * Releases page does: kept with who and why; every replica sees it within a second, lets the
 * guarded staged rollouts it held go on, and /health is ok again. With the flat files, confirm
 * in the console (the running service alone writes DATA_DIR).
 */
const USAGE = 'usage: restore-confirm --by <name> --reason <what was checked>';
const args = process.argv.slice(2);
await runDatabaseCommand('confirm the restore', async (database) => {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? (args[at + 1] ?? '').trim() : '';
  };
  const unknown = args.filter((arg, i) => arg.startsWith('--') && !['--by', '--reason'].includes(arg) && !['--by', '--reason'].includes(args[i - 1] ?? ''));
  if (unknown.length > 0) throw new CommandRefusal(`unknown argument ${unknown[0]} (${USAGE})`);
  const [by, reason] = [value('--by'), value('--reason')];
  if (by === '' || reason === '') throw new CommandRefusal(`say who confirms and what was checked (${USAGE})`);
  const confirmed = await confirmRestores(await openPgLineageStore(database), `operator: ${by}`, reason.slice(0, 500), new Date().toISOString());
  if (confirmed.length === 0) return console.log('no restore waits for confirmation: nothing was changed');
  for (const event of confirmed) console.log(`confirmed the restore noticed on ${event.detected_at} by ${event.detected_by} (the data went back to ${event.restored_to}): held rollouts go on`);
});
