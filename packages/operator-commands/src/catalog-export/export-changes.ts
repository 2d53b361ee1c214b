import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { entryText, exportedSeq, resolveEntry, type EntryConflict, type EntryState, type LogAncestor } from '@companion/catalog-store';
import { parseContentFile } from '@companion/content';
import type { ErrorEntry } from '@companion/schema';
import { Document, parseDocument } from 'yaml';

/** `GET /api/tunnel/errors/pending`'s data. */
export interface UnexportedChanges {
  log_id: string;
  log_ancestors: LogAncestor[];
  applied_seq: number;
  exported_seq: number;
  changes: { flag: string; seq: number; state: EntryState; records: { seq: number; timestamp: string; operation: string; actor: string }[] }[];
}

/** Which side to write where the checkout and the API set one field two ways. */
export type ConflictSide = 'repository' | 'api';

/** The side chosen for each conflicting Flag: per Flag, else `all`; none: the conflict stops the export. */
export interface ConflictChoice {
  all: ConflictSide | null;
  flags: ReadonlyMap<string, ConflictSide>;
}

export const NO_CHOICE: ConflictChoice = { all: null, flags: new Map() };

/**
 * `--conflicts` as given: `repository` or `api` for every conflict, and/or `FLAG=SIDE` for one
 * Flag (comma-separated, e.g. `PORT1002=api,TLS4002=repository` or `repository,PORT1002=api`).
 * Throws with what is wrong.
 */
export function parseConflictChoice(text: string): ConflictChoice {
  const sides = ['repository', 'api'];
  let all: ConflictSide | null = null;
  const flags = new Map<string, ConflictSide>();
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const [flag, side] = part.includes('=') ? part.split('=', 2) : [null, part];
    if (!sides.includes(side!)) throw new Error(`--conflicts: expected repository or api${flag ? ` for ${flag}` : ''}; found "${side}"`);
    if (flag === null) all = side as ConflictSide;
    else if (!/^[A-Z]+[0-9]+$/.test(flag)) throw new Error(`--conflicts: "${flag}" is not a Flag`);
    else flags.set(flag, side as ConflictSide);
  }
  if (all === null && flags.size === 0) throw new Error('--conflicts: expected repository, api or FLAG=SIDE');
  return { all, flags };
}

export interface ExportResult {
  /** Files written or removed, relative to the content folder. */
  written: string[];
  removed: string[];
  /** Conflicts found (and, with a choice, settled by it). */
  conflicts: EntryConflict[];
  /** False when a conflict was found with no side chosen for it: nothing was written. */
  done: boolean;
  /** The log position catalog-exports.yaml now records (or would). */
  through: number;
}

export const EXPORTS_FILE = 'catalog-exports.yaml';

/** The entry a checkout's file holds (`.yaml`, else `.yml`), with its text; a file that fails to parse counts as none. */
async function readEntry(contentDir: string, flag: string): Promise<{ path: string; text: string | null; entry: ErrorEntry | undefined }> {
  for (const ext of ['yaml', 'yml']) {
    const file = `errors/${flag}.${ext}`;
    const text = await readFile(join(contentDir, file), 'utf8').catch(() => null);
    if (text === null) continue;
    const parsed = parseContentFile(file, Buffer.from(text)).value;
    return { path: file, text, entry: parsed?.kind === 'error' ? parsed.entry : undefined };
  }
  return { path: `errors/${flag}.yaml`, text: null, entry: undefined };
}

/** The entry a conflict's chosen side gives. */
function settle(conflict: EntryConflict, state: EntryState, served: ErrorEntry | undefined, choice: ConflictSide): ErrorEntry | undefined {
  if (choice === 'repository') return served;
  if (conflict.kind === 'edited-in-repository-deleted-through-api') return undefined;
  if (conflict.kind === 'deleted-in-repository-edited-through-api') return state.value ?? undefined;
  const entry = { ...served! } as Record<string, unknown>;
  for (const { field, api } of conflict.fields) entry[field] = api;
  return entry as unknown as ErrorEntry;
}

/**
 * Writes the API's changes into a checkout's content folder, merged with its files exactly as a
 * replica on that checkout serves them, in the shipped style (an existing file edited in place),
 * and records in catalog-exports.yaml that the files hold the log up to `applied_seq`. Conflicts
 * stop it, writing nothing, unless `choice` says which side to keep for each.
 */
export async function exportChanges(contentDir: string, pending: UnexportedChanges, choice: ConflictChoice): Promise<ExportResult> {
  const exportsPath = join(contentDir, EXPORTS_FILE);
  const exportsText = await readFile(exportsPath, 'utf8').catch(() => null);
  const document = exportsText === null ? new Document({ exported: {} }) : parseDocument(exportsText);
  const markers = new Map(Object.entries((document.toJS() as { exported?: Record<string, number> } | null)?.exported ?? {}).map(([id, seq]) => [id, Number(seq)]));
  const exported = exportedSeq({ id: pending.log_id, ancestors: pending.log_ancestors }, markers);
  const plans: { path: string; text: string | null; entry: ErrorEntry | undefined; before: string | null }[] = [];
  const conflicts: EntryConflict[] = [];
  let unsettled = false;
  for (const change of pending.changes) {
    const file = await readEntry(contentDir, change.flag);
    const resolved = resolveEntry(change.flag, change.state, change.seq, file.entry, exported);
    let entry = resolved.entry;
    if (resolved.conflict) {
      conflicts.push(resolved.conflict);
      const side = choice.flags.get(change.flag) ?? choice.all;
      if (side) entry = settle(resolved.conflict, change.state, entry, side);
      else unsettled = true;
    }
    plans.push({ path: file.path, text: file.text, entry, before: file.text });
  }
  const through = Math.max(exported, pending.applied_seq);
  if (unsettled) return { written: [], removed: [], conflicts, done: false, through };
  const written: string[] = [];
  const removed: string[] = [];
  for (const plan of plans) {
    if (plan.entry === undefined) {
      if (plan.before === null) continue;
      await rm(join(contentDir, plan.path));
      removed.push(plan.path);
      continue;
    }
    const text = entryText(plan.before, plan.entry);
    if (text === plan.before) continue;
    await writeFile(join(contentDir, plan.path), text);
    written.push(plan.path);
  }
  if (through !== exported || exportsText === null) {
    if (exportsText === null) document.commentBefore = ' How far each op log of the error catalogue is written into these files (pnpm catalog:export).';
    document.setIn(['exported', pending.log_id], through);
    await writeFile(exportsPath, document.toString());
    written.push(EXPORTS_FILE);
  }
  return { written, removed, conflicts, done: true, through };
}
