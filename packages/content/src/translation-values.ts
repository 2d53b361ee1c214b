import type { NoticeFrontMatter, NoticeRepeatedField } from '@companion/schema';
import type { Position } from './yaml-problems';

/** A notice's translated summary and content; every other field is the original's. */
export interface NoticeTranslation {
  id: number;
  lang: string;
  summary: string;
  content: string;
  /** The original's fields the file repeats (its date always), judged against the original. */
  repeated: Partial<Pick<NoticeFrontMatter, NoticeRepeatedField>>;
  file: string;
}

/** A release's translated description and changes, one for one with the original's. */
export interface ReleaseTranslationRecord {
  version: string;
  lang: string;
  date: string;
  description: string;
  changes: string[];
  file: string;
}

/** A catalogue entry's Info, Solution, messages and notes in one language; every other field is the original's. */
export interface ErrorTranslation {
  Flag: string;
  lang: string;
  Info: string;
  Solution: string[];
  /** The messages the client prints in this language; empty when none is given. */
  messages: string[];
  notes: string | null;
  file: string;
}

/** Where a translation wrote the fields judged against its original. */
export type FieldPositions = Partial<Record<NoticeRepeatedField | 'changes' | 'Solution', Position>>;

export type TranslationValue =
  | { kind: 'translation'; of: 'notice'; lang: string; notice: NoticeTranslation; at: Position; fields: FieldPositions }
  | { kind: 'translation'; of: 'stable' | 'preview'; lang: string; release: ReleaseTranslationRecord; at: Position; fields: FieldPositions }
  | { kind: 'translation'; of: 'error'; lang: string; error: ErrorTranslation; at: Position; fields: FieldPositions };
