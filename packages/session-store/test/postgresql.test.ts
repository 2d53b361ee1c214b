import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import type { SignedOutSessions } from '../src';
import { openPgSignedOutSessions } from '../src/postgresql';
import { signedOutContract } from './contract/signed-out-contract';

let cluster: TempCluster | null = null;
let url = '';
let count = 0;
const opened: { record: SignedOutSessions; db: Database }[] = [];

signedOutContract({
  name: 'postgresql',
  unavailable: clusterUnavailable(),
  replicas: true,
  async setUp() {
    cluster = await TempCluster.start();
  },
  tearDown: async () => cluster?.destroy(),
  async fresh() {
    url = await cluster!.createDatabase(`signed_out_${++count}`);
  },
  async cleanUp() {
    for (const { record, db } of opened.splice(0)) {
      await record.close();
      await db.close();
    }
  },
  async open() {
    const db = await Database.open({ url, poolMax: 4, timeoutMs: 10_000 });
    const record = await openPgSignedOutSessions(db);
    opened.push({ record, db });
    return record;
  },
});
