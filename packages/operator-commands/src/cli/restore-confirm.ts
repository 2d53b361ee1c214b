import { confirmRestore, unconfirmedRestores } from '@companion/restore-watch';
import { openPgLineageStore } from '@companion/restore-watch/postgresql';
import { CommandRefusal, runDatabaseCommand } from './database-command';

/**
 * `pnpm restore:confirm --by <name> --reason <text> [--event <id>]` (built: `node apps/api/dist/restore-confirm.js`):
 * confirms, on DATABASE_URL, the restore of an older backup the replicas noticed, as the console's
 * Releases page does: that one alone (`--event`, needed when more than one waits; refused while a
 * newer one waits); kept with who and why; every replica sees it within a second, lets the
 * guarded staged rollouts it held go on, and /health is ok again. With the flat files, confirm
 * in the console (the running service alone writes DATA_DIR).
 */
const USAGE = 'usage: restore-confirm --by <name> --reason <what was checked> [--event <restore id>]';
const FLAGS = ['--by', '--reason', '--event'];
const args = process.argv.slice(2);
await runDatabaseCommand('confirm the restore', async (database) => {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? (args[at + 1] ?? '').trim() : '';
  };
  const unknown = args.filter((arg, i) => arg.startsWith('--') && !FLAGS.includes(arg) && !FLAGS.includes(args[i - 1] ?? ''));
  if (unknown.length > 0) throw new CommandRefusal(`unknown argument ${unknown[0]} (${USAGE})`);
  const [by, reason] = [value('--by'), value('--reason')];
  if (by === '' || reason === '') throw new CommandRefusal(`say who confirms and what was checked (${USAGE})`);
  const store = await openPgLineageStore(database);
  const waiting = await unconfirmedRestores(store);
  if (waiting.length === 0) return console.log('no restore waits for confirmation: nothing was changed');
  const named = value('--event');
  if (named === '' && waiting.length > 1) throw new CommandRefusal(`${waiting.length} restores wait for confirmation; name the one checked with --event: ${waiting.map((e) => `${e.id} (noticed on ${e.detected_at} by ${e.detected_by})`).join(', ')}`);
  const outcome = await confirmRestore(store, named || waiting[0]!.id, `operator: ${by}`, reason.slice(0, 500), new Date().toISOString());
  if (outcome.kind === 'unknown') throw new CommandRefusal(`no restore ${named} was recorded; those waiting: ${waiting.map((e) => e.id).join(', ')}`);
  if (outcome.kind === 'newer') throw new CommandRefusal(`a newer restore waits (${outcome.newer.id}, noticed on ${outcome.newer.detected_at}): check and confirm that one; nothing was changed`);
  if (outcome.kind === 'done') return console.log(`the restore ${outcome.event.id} was confirmed already: nothing was changed`);
  const { event } = outcome;
  console.log(`confirmed the restore ${event.id} noticed on ${event.detected_at} by ${event.detected_by} (the data went back to ${event.restored_to ?? 'an unknown point'}): held rollouts go on`);
});
