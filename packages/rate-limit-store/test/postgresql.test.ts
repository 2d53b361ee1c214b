import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { openPgRateLimitCounters, type PgRateLimitCounters } from '../src/postgresql';
import { rateLimitContract } from './contract/rate-limit-contract';

let cluster: TempCluster | null = null;
let url = '';
let count = 0;
const opened: { counters: PgRateLimitCounters; db: Database }[] = [];

rateLimitContract({
  name: 'postgresql',
  unavailable: clusterUnavailable(),
  shared: true,
  async setUp() {
    cluster = await TempCluster.start();
  },
  tearDown: async () => cluster?.destroy(),
  async fresh() {
    url = await cluster!.createDatabase(`limits_${++count}`);
  },
  async cleanUp() {
    for (const { counters, db } of opened.splice(0).reverse()) {
      await counters.close();
      await db.close();
    }
  },
  async open() {
    const db = await Database.open({ url, poolMax: 4, timeoutMs: 1000 });
    const counters = await openPgRateLimitCounters(db, { nowMicros: () => Date.now() * 1000 });
    opened.push({ counters, db });
    return counters;
  },
});
