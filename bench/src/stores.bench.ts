import { Database } from '@companion/database';
import { clusterUnavailable, TempCluster } from '@companion/database/testing';
import { openPgFeedbackStore } from '@companion/feedback-store/postgresql';
import { FeedbackInput } from '@companion/schema';
import { recordRows, type BenchRow } from './report';
import { median, time } from './stats';

// The stores on PostgreSQL (DATABASE_URL): a feedback submission against the bare reference of
// BENCHMARKING.md (a loop of single-row INSERTs, each its own commit, same client library, same
// cluster), one client; and /api/feedback/stats at 1,000 and 200,000 stored feedbacks, against
// recounting the table per request (what the counts table avoids). A B A B, medians; figures only.

const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 400);
const ROUNDS = 2;
const STATS_CALLS = 200;
const SIZES = [1_000, 200_000];

const skip = clusterUnavailable();
if (skip) {
  console.log(skip);
  process.exit(0);
}

const cluster = await TempCluster.start();
const us = (ms: number) => `${(ms * 1000).toFixed(0)} us`;
const clock = { nowMicros: () => Date.now() * 1000 };
const rows: BenchRow[] = [];
const opened: Database[] = [];
const open = async (name: string) => {
  const db = await Database.open({ url: await cluster.createDatabase(name), poolMax: 4, timeoutMs: 10_000 });
  opened.push(db);
  return db;
};

try {
  // One submission: per-op latency, one client.
  const db = await open('submit');
  const store = await openPgFeedbackStore({ database: db, clock });
  await db.query('CREATE TABLE bare (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, created_at timestamp(6) NOT NULL, type text NOT NULL, content text NOT NULL, user_ip text NOT NULL)');
  const input = FeedbackInput.parse({ content: 'The tunnel drops every few minutes on hotel Wi-Fi.', type: 'bug' });
  const storeRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const storeMs = await time(async () => {
      for (let i = 0; i < SUBMITS; i++) await store.submit(input, { ip: '198.51.100.4' });
    });
    const bareMs = await time(async () => {
      for (let i = 0; i < SUBMITS; i++) await db.query("INSERT INTO bare (created_at, type, content, user_ip) VALUES (now(), 'bug', $1, '198.51.100.4')", [input.content]);
    });
    if (round > 0) storeRuns.push(storeMs / SUBMITS), bareRuns.push(bareMs / SUBMITS); // round 0 warms up
  }
  const [submitMs, bareMs] = [median(storeRuns), median(bareRuns)];
  console.log(`feedback submit: ${us(submitMs)} per submission, bare INSERT+COMMIT ${us(bareMs)}`);
  rows.push({ measure: 'feedback submission on PostgreSQL, 1 client: time per submission (row + day count, BEGIN/INSERT/COMMIT)', value: us(submitMs), reference: `${us(bareMs)} (single-row INSERT, own commit)`, ratio: `${(bareMs / submitMs).toFixed(2)}x of the bare rate` });

  // Stats at two sizes, against recounting the rows.
  const statsAt = new Map<number, { stats: number; recount: number }>();
  for (const size of SIZES) {
    const sized = await open(`stats_${size}`);
    const sizedStore = await openPgFeedbackStore({ database: sized, clock });
    // Rows spread over 400 days and the four types, and their counts, as submissions would leave them.
    await sized.query(
      `INSERT INTO feedback (receipt, created_at, type, content, user_ip)
       SELECT gen_random_uuid(), now() - (i % 400) * interval '1 day', (ARRAY['bug','suggestion','question','other'])[1 + i % 4], 'feedback ' || i, '198.51.100.4'
       FROM generate_series(1, $1) AS i`,
      [size],
    );
    await sized.query('INSERT INTO feedback_daily (day, type, count) SELECT created_at::date, type, count(*) FROM feedback GROUP BY 1, 2');
    await sized.query('ANALYZE');
    const statsRuns: number[] = [];
    const recountRuns: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const a = await time(async () => {
        for (let i = 0; i < STATS_CALLS; i++) await sizedStore.stats(clock.nowMicros());
      });
      const b = await time(async () => {
        for (let i = 0; i < STATS_CALLS; i++)
          await sized.query("SELECT type, count(*) FROM feedback GROUP BY type UNION ALL SELECT to_char(created_at::date, 'YYYY-MM-DD'), count(*) FROM feedback WHERE created_at >= now() - interval '30 days' GROUP BY 1");
      });
      if (round > 0) statsRuns.push(a / STATS_CALLS), recountRuns.push(b / STATS_CALLS);
    }
    statsAt.set(size, { stats: median(statsRuns), recount: median(recountRuns) });
    console.log(`stats at ${size} feedbacks: ${us(median(statsRuns))}, recount ${us(median(recountRuns))}`);
  }
  const [small, large] = SIZES.map((size) => statsAt.get(size)!);
  rows.push({ measure: `GET /api/feedback/stats on PostgreSQL: store time at ${SIZES[1]!.toLocaleString('en')} feedbacks`, value: us(large!.stats), reference: `${us(small!.stats)} (same, at ${SIZES[0]!.toLocaleString('en')})`, ratio: `${(large!.stats / small!.stats).toFixed(2)}x`, target: '~1x (does not grow with the data)' });
  rows.push({ measure: `the same against recounting the table per request, ${SIZES[1]!.toLocaleString('en')} feedbacks`, value: us(large!.stats), reference: `${us(large!.recount)} (count(*) by type and by day)`, ratio: `${(large!.recount / large!.stats).toFixed(1)}x faster` });
  recordRows(import.meta.filename, 'Stores on PostgreSQL: feedback submission and stats', rows);
} finally {
  for (const db of opened) await db.close();
  await cluster.destroy();
}
