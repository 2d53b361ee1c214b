/** What the catalogue holds for a Flag, as the list answers it; null when there is no entry. */
export type EntryState = { Info: string; Solution: string[] } | null;

/**
 * applied: answered 2xx. refused: answered 404/409, so it changed nothing. unknown: no answer
 * (the server was killed first): it may or may not have landed. pending: not answered yet.
 */
export type Outcome = 'pending' | 'applied' | 'refused' | 'unknown';

/** One write request sent to the server. */
export interface Change {
  id: number;
  flag: string;
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  /** What the Flag holds once this change lands. */
  after: EntryState;
  /** Ticks of one counter: sent, and (if it was) answered. */
  issued: number;
  answered: number | null;
  outcome: Outcome;
  status?: number;
  /** addNew's `logs_count`: the seq of its record. */
  seq?: number;
}

/** An op log line, as far as these checks read it. */
export interface LogRecord {
  seq: number;
  operation: Change['operation'];
  flag: string;
  entry: { Flag: string; Info: string; Solution: string[] };
}

export const sameState = (a: EntryState, b: EntryState): boolean =>
  a === null || b === null ? a === b : a.Info === b.Info && JSON.stringify(a.Solution) === JSON.stringify(b.Solution);

export const describeState = (state: EntryState): string => (state === null ? 'no entry' : JSON.stringify(state.Info));

/**
 * What a Flag may hold after a restart, given what it held when the cycle began and the
 * changes sent for it during the cycle. The last change to land decides. Every applied change
 * landed; an unknown one may have. An applied change cannot be the last to land if another
 * applied change was sent after its answer came back; an unknown change may always be last.
 */
export function allowedStates(initial: EntryState, changes: readonly Change[]): EntryState[] {
  const applied = changes.filter((c) => c.outcome === 'applied');
  const unknown = changes.filter((c) => c.outcome === 'unknown');
  const lastApplied = applied.filter((c) => !applied.some((d) => d.issued > c.answered!));
  return [...(applied.length === 0 ? [initial] : []), ...lastApplied.map((c) => c.after), ...unknown.map((c) => c.after)];
}

/** The state of every Flag the log mentions, replaying its records in order. */
export function replayLog(records: readonly LogRecord[]): Map<string, EntryState> {
  const states = new Map<string, EntryState>();
  for (const { operation, flag, entry } of records) {
    states.set(flag, operation === 'DELETE' ? null : { Info: entry.Info, Solution: entry.Solution });
  }
  return states;
}

/**
 * Problems with the records one cycle added: each must be the record of a change sent in that
 * cycle and not refused, at most once; each applied change must have its record, at the seq
 * addNew answered. Changes are told apart by their Info, unique per request; deletes by count.
 */
export function checkCycleRecords(records: readonly LogRecord[], changes: readonly Change[]): string[] {
  const problems: string[] = [];
  const byInfo = new Map(changes.filter((c) => c.after !== null).map((c) => [c.after!.Info, c]));
  const recorded = new Set<Change>();
  const deleteRecords = new Map<string, number>();
  for (const r of records) {
    if (r.operation === 'DELETE') {
      deleteRecords.set(r.flag, (deleteRecords.get(r.flag) ?? 0) + 1);
      continue;
    }
    const c = byInfo.get(r.entry.Info);
    const what = `seq ${r.seq} (${r.operation} ${r.flag} ${JSON.stringify(r.entry.Info)})`;
    if (!c || c.flag !== r.flag || c.operation !== r.operation) problems.push(`${what} is no request sent in this cycle`);
    else if (c.outcome === 'refused') problems.push(`${what} is the record of request ${c.id}, which was answered ${c.status}`);
    else if (recorded.has(c)) problems.push(`${what}: request ${c.id} has two records`);
    else if (c.seq !== undefined && c.seq !== r.seq) problems.push(`${what}: addNew answered logs_count ${c.seq}`);
    else recorded.add(c);
  }
  for (const c of changes) {
    if (c.outcome === 'applied' && c.operation !== 'DELETE' && !recorded.has(c)) {
      problems.push(`acknowledged ${c.operation} of ${c.flag} (request ${c.id}, HTTP ${c.status}) has no record in the log`);
    }
  }
  const flags = new Set([...deleteRecords.keys(), ...changes.filter((c) => c.operation === 'DELETE').map((c) => c.flag)]);
  for (const flag of flags) {
    const deletes = changes.filter((c) => c.flag === flag && c.operation === 'DELETE');
    const applied = deletes.filter((c) => c.outcome === 'applied').length;
    const possible = applied + deletes.filter((c) => c.outcome === 'unknown').length;
    const found = deleteRecords.get(flag) ?? 0;
    if (found < applied || found > possible) {
      problems.push(`${flag}: ${found} DELETE record(s) in the log, but ${applied} acknowledged and ${possible - applied} unanswered delete(s) were sent`);
    }
  }
  return problems;
}
