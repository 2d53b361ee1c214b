/**
 * Feedback 1's status changes as they were kept before notes were a thread, each with the note its
 * form carried: Ada wrote the note with her status; Carol's later status form sent it again
 * unchanged; Ben wrote another, Carol set done with the first again.
 */
export const STATUS_CHANGES_WITH_NOTES = [
  { status: 'triaged', note: 'Asked for logs.', actor: 'Ada', at: '2026-11-21T09:00:00.000000' },
  { status: 'planned', note: 'Asked for logs.', actor: 'Carol', at: '2026-11-21T10:00:00.000000' },
  { status: 'planned', note: 'Logs came.', actor: 'Ben', at: '2026-11-21T11:00:00.000000' },
  { status: 'done', note: 'Asked for logs.', actor: 'Carol', at: '2026-11-21T12:00:00.000000' },
];

/** Feedback 1 once they are carried into the thread: each note under the person who wrote it. */
export const THREAD_FROM_STATUS_NOTES = {
  status: 'done',
  status_by: 'Carol',
  note: 'Asked for logs.',
  notes: [
    { by: 'Ada', at: '2026-11-21T09:00:00.000000Z', text: 'Asked for logs.' },
    { by: 'Ben', at: '2026-11-21T11:00:00.000000Z', text: 'Logs came.' },
    { by: 'Carol', at: '2026-11-21T12:00:00.000000Z', text: 'Asked for logs.' },
  ],
};
