import type { Change, EntryState } from './crash-model';
import { request } from './crash-server';

export interface WriteRoundOptions {
  url: string;
  token: string;
  /** One list of Flags per writer: only that writer changes them, one request at a time. */
  ownFlags: readonly string[][];
  /** Flags every writer changes, so changes of one Flag race each other. */
  sharedFlags: readonly string[];
  /** What each Flag holds: exact for own Flags, a guess for shared ones. Updated as answers come. */
  known: Map<string, EntryState>;
  /** One counter for sending and answering, so "sent after that answer" can be told. */
  tick: () => number;
  /** Request ids, unique across rounds: each request's Info names it. */
  nextId: () => number;
}

const SEVERITIES = ['low', 'medium', 'high', 'critical'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * Concurrent writers, one per list of own Flags, each sending adds (addNew or the detailed
 * add), updates and deletes over HTTP until stopped, recording every request as a Change.
 */
export class WriteRound {
  readonly changes: Change[] = [];
  /** Answers that no kill explains: any of them fails the test. */
  readonly anomalies: string[] = [];
  /** Resolves at the first acknowledged change: from then on writes are flowing. */
  readonly flowing: Promise<void>;
  private markFlowing!: () => void;
  private stopping = false;
  private readonly writers: Promise<void>[];

  constructor(private readonly options: WriteRoundOptions) {
    this.flowing = new Promise((done) => (this.markFlowing = done));
    this.writers = options.ownFlags.map((own) => this.write(own));
  }

  /** Sends no more; resolves once every request sent has been answered or has failed. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.writers);
  }

  private async write(own: readonly string[]): Promise<void> {
    const { url, token, sharedFlags, known } = this.options;
    while (!this.stopping) {
      const shared = Math.random() < 0.25;
      const flag = shared ? pick(sharedFlags) : pick(own);
      const operation = known.get(flag) == null ? 'CREATE' : Math.random() < 0.6 ? 'UPDATE' : 'DELETE';
      const id = this.options.nextId();
      const after = operation === 'DELETE' ? null : { Info: `Request ${id} (${operation} ${flag}).`, Solution: [`Step one of ${id}.`, 'Retry.'] };
      const change: Change = { id, flag, operation, after, issued: this.options.tick(), answered: null, outcome: 'pending' };
      this.changes.push(change);
      const body = after && { ...after, severity: pick(SEVERITIES), category: 'crash-test' };
      const viaAddNew = operation === 'CREATE' && id % 2 === 0;
      const [method, path, sent]: [string, string, unknown] =
        operation === 'CREATE'
          ? ['POST', viaAddNew ? '/api/tunnel/errors/addNew' : '/api/tunnel/errors', { Flag: flag, ...body }]
          : operation === 'UPDATE'
            ? ['PUT', `/api/tunnel/errors/${flag}`, body]
            : ['DELETE', `/api/tunnel/errors/${flag}`, undefined];
      try {
        const res = await request(url + path, method, token, sent);
        change.answered = this.options.tick();
        change.status = res.status;
        if (res.status === (operation === 'CREATE' ? 201 : 200)) {
          change.outcome = 'applied';
          known.set(flag, after);
          this.markFlowing();
          if (viaAddNew) {
            change.seq = res.body.logs_count;
            if (!Number.isSafeInteger(change.seq)) this.anomalies.push(`addNew ${flag} answered logs_count ${res.body.logs_count}`);
          }
        } else if (shared && (res.status === 404 || res.status === 409)) {
          change.outcome = 'refused'; // another writer's change of this Flag came first
        } else {
          change.outcome = 'unknown';
          this.anomalies.push(`${method} ${path} (request ${id}) answered ${res.status}: ${JSON.stringify(res.body?.error ?? res.body)}`);
        }
      } catch (error) {
        change.outcome = 'unknown';
        if (!this.stopping) this.anomalies.push(`${method} ${path} (request ${id}) failed before any kill: ${(error as Error).message}`);
        return;
      }
    }
  }
}
