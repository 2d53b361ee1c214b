import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';

/**
 * One figure of `pnpm bench`, always beside the reference it is compared to, both measured in
 * the same run. Each bench file records its rows; `pnpm bench` gathers every file's rows into
 * one table in `bench/results/latest.md`.
 */
export interface BenchRow {
  /** What is measured, e.g. `GET /api/notice: server CPU per request`. */
  measure: string;
  /** The service's figure with its unit, e.g. `24 us`. */
  value: string;
  /** The reference's figure and what it is, e.g. `21 us (bare node:http, same bytes)`. */
  reference: string;
  /** value / reference (or the inverse where bigger is better), e.g. `1.14x`. */
  ratio: string;
  /** The target as the project states it, e.g. `<= 1.3x`; empty when none. */
  target?: string;
}

const RESULTS = join(import.meta.dirname, '../results');
/** Committed beside latest.md, so running one bench file keeps the others' last figures. */
const ROWS = join(RESULTS, 'rows');

interface RecordedSection {
  section: string;
  /** When the rows were measured, ISO 8601 UTC. */
  measured: string;
  rows: BenchRow[];
}

/** Records the rows of one bench file (`import.meta.filename` of the caller) under a section title. */
export function recordRows(benchFile: string, section: string, rows: BenchRow[]): void {
  mkdirSync(ROWS, { recursive: true });
  const name = basename(benchFile).replace(/\.bench\.ts$/, '');
  const path = join(ROWS, `${name}.json`);
  const sections: RecordedSection[] = (() => {
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return [];
    }
  })();
  // A run of the same section again replaces its figures (a bench file run directly, without clearRows).
  const kept = sections.filter((recorded) => recorded.section !== section);
  kept.push({ section, measured: new Date().toISOString(), rows });
  writeFileSync(path, JSON.stringify(kept));
}

/** Forgets the rows of the named bench files before they run again. */
export function clearRows(benchFiles: string[]): void {
  for (const file of benchFiles) rmSync(join(ROWS, `${basename(file).replace(/\.bench\.ts$/, '')}.json`), { force: true });
}

/** Writes every recorded row into `bench/results/latest.md` and returns the text. */
export function writeReport(): string {
  let files: string[] = [];
  try {
    files = readdirSync(ROWS).filter((f) => f.endsWith('.json')).sort();
  } catch {
    // no rows yet
  }
  const lines = [
    '# Benchmark results',
    '',
    `${availableParallelism()} cores, Node ${process.version}. Each figure is beside a reference measured in the same run; the ratio is the comparison. Each section is the last run of its bench file (\`pnpm bench <name>\` runs one). Figures only: a benchmark never fails on speed.`,
  ];
  for (const file of files) {
    for (const { section, measured, rows } of JSON.parse(readFileSync(join(ROWS, file), 'utf8')) as RecordedSection[]) {
      lines.push('', `## ${section}`, '', `Measured ${measured.slice(0, 16).replace('T', ' ')} UTC.`, '', '| measure | this service | reference | ratio | target |', '|---|--:|--:|--:|--:|');
      for (const r of rows) lines.push(`| ${r.measure} | ${r.value} | ${r.reference} | ${r.ratio} | ${r.target ?? ''} |`);
    }
  }
  const text = lines.join('\n') + '\n';
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'latest.md'), text);
  return text;
}
