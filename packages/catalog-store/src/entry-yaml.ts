import { ErrorEntryFile, toErrorEntry, toErrorEntryFile, type ErrorEntry } from '@companion/schema';
import { CST, Document, Parser, parse, Scalar } from 'yaml';
import { plainFieldText } from './entry-yaml-fast';

type Field = keyof ErrorEntryFile;
const FIELDS: readonly Field[] = ['Flag', 'Info', 'Solution', 'messages', 'category', 'severity', 'creator', 'notes', 'created_at', 'updated_at'];
/** The shipped files fold `Info` at 100 columns and never wrap anything else. */
const INFO_WIDTH = 100;

/** One `key: value` line (or block) in the shipped files' style, newline included. */
export function fieldText(key: Field, value: unknown): string {
  const doc = new Document({ [key]: value });
  if (key === 'Info') {
    const node = doc.get(key, true) as Scalar;
    node.type = Scalar.BLOCK_FOLDED;
    return doc.toString({ lineWidth: INFO_WIDTH, minContentWidth: 0 });
  }
  return doc.toString({ lineWidth: 0 });
}

/** A new catalogue file, written the way the shipped ones are (see content/errors). */
export function freshEntryText(entry: ErrorEntry): string {
  const file = toErrorEntryFile(entry);
  let text = '';
  for (const key of FIELDS) {
    // Most fields are one plain line: built by hand; anything yaml must quote or escape goes to yaml.
    if (file[key] !== undefined) text += plainFieldText(key, file[key], INFO_WIDTH) ?? fieldText(key, file[key]);
  }
  return text;
}

type MapItem = CST.BlockMap['items'][number];
const isScalar = (token: CST.Token | null | undefined): token is CST.FlowScalar =>
  token?.type === 'scalar' || token?.type === 'single-quoted-scalar' || token?.type === 'double-quoted-scalar';
const keyOf = (item: MapItem) => (isScalar(item.key) ? CST.resolveAsScalar(item.key).value : null);

function generatedItem(key: Field, value: unknown): MapItem {
  const doc = [...new Parser().parse(fieldText(key, value))].find((t): t is CST.Document => t.type === 'document');
  return (doc!.value as CST.BlockMap).items[0]!;
}

/** Edits the steps one by one: changed ones in place (their quoting kept), extra ones cloned from the last. */
function editSteps(seq: CST.BlockSequence, steps: readonly string[]): void {
  const items = seq.items;
  if (items.length === 0 || !items.every((item) => isScalar(item.value))) throw new Error('steps are not plain list items');
  const template = structuredClone(items[items.length - 1]!);
  items.splice(steps.length);
  steps.forEach((step, i) => {
    if (i >= items.length) items.push(structuredClone(template));
    const value = items[i]!.value as CST.FlowScalar;
    if (CST.resolveAsScalar(value).value !== step) CST.setScalarValue(value, step);
  });
}

function editItem(items: MapItem[], index: number, key: Field, value: unknown): void {
  const item = items[index]!;
  if (key === 'Solution' && item.value?.type === 'block-seq') return editSteps(item.value, value as string[]);
  if (key !== 'Info' && typeof value === 'string' && isScalar(item.value)) return CST.setScalarValue(item.value, value);
  // A folded Info (or a value of another shape) is written anew in the house style; comments
  // on the lines before it stay where they are.
  items[index] = { ...generatedItem(key, value), start: item.start };
}

/**
 * The text of `source` (a catalogue file as a person wrote it) changed to say `entry`, touching
 * only the fields whose value differs: comments, key order, quoting and line breaks of every
 * other line stay as they were, and nothing is re-wrapped. Null when the file cannot be edited
 * in place (not a plain mapping, or the edit would not read back as `entry`); then write it anew.
 */
export function editEntryText(source: string, entry: ErrorEntry): string | null {
  try {
    const tokens = [...new Parser().parse(source)];
    const documents = tokens.filter((t): t is CST.Document => t.type === 'document');
    const map = documents[0]?.value;
    if (documents.length !== 1 || map?.type !== 'block-map') return null;
    const before = toErrorEntryFile(toErrorEntry(parse(source) as ErrorEntryFile));
    const after = toErrorEntryFile(entry);
    const items = map.items;
    for (const key of FIELDS) {
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      const index = items.findIndex((item) => keyOf(item) === key);
      if (after[key] === undefined) {
        if (index >= 0) {
          const [removed] = items.splice(index, 1);
          if (items[index]) items[index] = { ...items[index]!, start: [...removed!.start, ...items[index]!.start] };
        }
      } else if (index >= 0) {
        editItem(items, index, key, after[key]);
      } else {
        // A new key goes after the last key that precedes it in the schema's order.
        const earlier = new Set(FIELDS.slice(0, FIELDS.indexOf(key)));
        let at = 0;
        items.forEach((item, i) => {
          if (earlier.has(keyOf(item) as Field)) at = i + 1;
        });
        items.splice(at, 0, generatedItem(key, after[key]));
      }
    }
    const text = tokens.map((token) => CST.stringify(token)).join('');
    // The edit must read back as exactly the entry, or the file is written anew.
    return readsAs(text, entry) ? text : null;
  } catch {
    return null;
  }
}

/** Whether a file's text reads back as exactly `entry` (compared by value, not by text). */
export function readsAs(text: string, entry: ErrorEntry): boolean {
  return JSON.stringify(toErrorEntry(parse(text) as ErrorEntryFile)) === JSON.stringify(entry);
}

/** The text of an entry's file: `source` (the file as it is) edited in place when there is one, else a new file. */
export function entryText(source: string | null, entry: ErrorEntry): string {
  return (source !== null && editEntryText(source, entry)) || freshEntryText(entry);
}
