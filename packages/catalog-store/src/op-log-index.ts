import { LineArchive, type JournalLine } from '@companion/journal';
import { OPERATIONS, type Operation } from '@companion/schema';
import { publicRecord, type OpFields, type OpRecord, type StoredOpRecord } from './op-record';

export interface LogQuery {
  flag?: string;
  operation?: Operation;
  limit: number;
  offset: number;
}

export interface LogPage {
  /** Records matching the filter, all pages together. */
  total: number;
  /** Newest first. */
  records: OpRecord[];
}

export interface CatalogStats {
  operations: Record<Operation, number>;
  /** The last ten records, newest first. */
  recent: OpRecord[];
  logsTotal: number;
}

const RECENT = 10;

/**
 * The op log in memory: the lines as bytes (parsed only for the page asked for) and, per
 * Flag and per operation, the positions of their records, so filters, counts and pages
 * never scan or reread the log.
 */
export class OpLogIndex {
  private readonly lines = new LineArchive();
  private readonly byOperation: Record<Operation, number[]> = { CREATE: [], UPDATE: [], DELETE: [] };
  private readonly byFlag = new Map<string, number[]>();
  private operationOf = new Uint8Array(1024);

  add({ record, bytes }: JournalLine<OpFields>): void {
    const index = this.lines.push(bytes);
    this.byOperation[record.operation].push(index);
    const forFlag = this.byFlag.get(record.flag);
    if (forFlag) forFlag.push(index);
    else this.byFlag.set(record.flag, [index]);
    if (index === this.operationOf.length) {
      const larger = new Uint8Array(index * 2);
      larger.set(this.operationOf);
      this.operationOf = larger;
    }
    this.operationOf[index] = OPERATIONS.indexOf(record.operation);
  }

  get size(): number {
    return this.lines.length;
  }

  record(index: number): StoredOpRecord {
    return this.lines.record<OpFields>(index);
  }

  /** The seq of the latest record of `flag`; 0 when it has none. */
  latestSeqOf(flag: string): number {
    const positions = this.byFlag.get(flag);
    return positions ? positions[positions.length - 1]! + 1 : 0; // the record of seq s is at index s - 1
  }

  /** Every record of `flag` as stored (with its state), oldest first. */
  storedRecordsOf(flag: string): StoredOpRecord[] {
    return (this.byFlag.get(flag) ?? []).map((index) => this.record(index));
  }

  /** The records of `flag` after `seq`, oldest first (parses only those records). */
  recordsOf(flag: string, seq: number): OpRecord[] {
    // Records are kept in seq order from 1 without gaps: the record of seq s is at index s - 1.
    return (this.byFlag.get(flag) ?? []).filter((index) => index >= seq).map((index) => publicRecord(this.record(index)));
  }

  logs({ flag, operation, limit, offset }: LogQuery): LogPage {
    let matches: readonly number[] | null = null; // null: every record
    if (flag !== undefined) {
      matches = this.byFlag.get(flag) ?? [];
      if (operation !== undefined) {
        const code = OPERATIONS.indexOf(operation);
        matches = matches.filter((index) => this.operationOf[index] === code);
      }
    } else if (operation !== undefined) {
      matches = this.byOperation[operation];
    }
    const total = matches ? matches.length : this.size;
    const records: OpRecord[] = [];
    for (let k = Math.max(0, offset); k < Math.min(total, offset + limit); k++) {
      records.push(publicRecord(this.record(matches ? matches[total - 1 - k]! : total - 1 - k)));
    }
    return { total, records };
  }

  stats(): CatalogStats {
    return {
      operations: {
        CREATE: this.byOperation.CREATE.length,
        UPDATE: this.byOperation.UPDATE.length,
        DELETE: this.byOperation.DELETE.length,
      },
      recent: this.logs({ limit: RECENT, offset: 0 }).records,
      logsTotal: this.size,
    };
  }
}
