import { resolve } from 'node:path';
import { carryWitness } from '../data-import/carry-witness';
import { importDataDir } from '../data-import/import-data-dir';
import { migrateStores } from '../store-migrations';
import { runDatabaseCommand } from './database-command';

/**
 * `pnpm db:import` (built: `node apps/api/dist/db-import.js`): moves the flat-file data of
 * DATA_DIR (default ./.data) into DATABASE_URL's PostgreSQL, as a box moves from the files to a
 * fleet: feedback (ids and times kept) with its statuses, notes and erasures, the mail outbox,
 * the catalogue's op log (seqs, order and id kept) and drafts, the halted rollouts and share
 * settings, the installs seen active and their bug votes, the restore lineage, and the search
 * counts and staff answers. Safe to run again. Stop the service on the files first, so nothing is written
 * to them during the import.
 */
const dataDir = resolve(process.env.DATA_DIR ?? './.data');
await runDatabaseCommand('import', async (database) => {
  for (const line of await migrateStores(database)) console.log(line);
  const { feedback, feedbackWork: work, mail, catalog, drafts, halts, shares, adoption, votes, lineage, search } = await importDataDir(database, dataDir);
  console.log(`feedback: ${feedback.imported} of ${feedback.read} records imported (the rest were there already)`);
  console.log(`feedback work: ${work.imported} of ${work.read} events imported (${work.statuses} statuses, ${work.notes} notes, ${work.erasures} erasures)`);
  console.log(`mail outbox: ${mail.imported} of ${mail.read} messages imported`);
  console.log(`catalogue log: ${catalog.imported} of ${catalog.read} records imported${catalog.logId ? ` (log ${catalog.logId})` : ''}`);
  console.log(`catalogue drafts: ${drafts.imported} of ${drafts.read} events of ${drafts.drafts} drafts imported`);
  console.log(`halted rollouts: ${halts.imported} of ${halts.read} records imported`);
  console.log(`rollout shares set in the console: ${shares.imported} of ${shares.read} settings imported${shares.imported < shares.read ? ' (the database holds settings of those releases already)' : ''}`);
  console.log(`installs seen active: ${adoption.imported} of ${adoption.read} rows imported${adoption.secret === 'carried' ? ' (install ids hashed alike before and after)' : ''}`);
  console.log(`bug votes: ${votes.imported} of ${votes.read} votes imported`);
  if (lineage.outcome === 'carried') {
    console.log(`restore lineage: ${lineage.lineage} carried at tick ${lineage.tick}; ${lineage.restores.imported} of ${lineage.restores.read} restores noticed imported`);
    const witness = await carryWitness(dataDir, process.env.WITNESS_FILE);
    if (witness) console.log(`restore witness: the box's copied to ${witness}, where the service on the database keeps it`);
  }
  if (lineage.outcome === 'own') console.log(`restore lineage: the database keeps its own (${lineage.lineage}); the folder's ${lineage.restores.read} restores noticed were not imported`);
  console.log(`search counts: ${search.counts.imported} of ${search.counts.read} day counts imported${search.counts.kept > 0 ? ` (${search.counts.kept} held by the database already, left as they are)` : ''}; staff answers: ${search.answers.imported} of ${search.answers.read} imported`);
  if (adoption.secret === 'different') console.log('warning: the database had counted installs under its own key already: an install seen on the box and on the database counts twice on a day both saw it');
  console.log(`${dataDir} is in the database now; start the service with DATABASE_URL (the files stay as they were)`);
});
