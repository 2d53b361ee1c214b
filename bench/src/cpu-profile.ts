import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const sourceMaps = new Map<string, SourceMap | null>();

/** The source file a position of a built file (`dist/*.js`, with its `.map` beside it) comes from; null when it cannot tell. */
function sourceOf(path: string, line: number, column: number): string | null {
  if (!path.includes('/dist/') || !path.endsWith('.js')) return null;
  let map = sourceMaps.get(path);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(path, map);
  }
  const entry = map?.findEntry(line, column);
  return entry && 'originalSource' in entry ? resolve(dirname(path), entry.originalSource) : null;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where samples went: a package (`express`), a source file of the repository, or a V8 bucket (`(garbage collector)`). */
export interface ProfileShare {
  where: string;
  samples: number;
}

/**
 * Reads the one `.cpuprofile` in `dir` and charges each sample taken between `fromUs` and
 * `toUs` (CLOCK_MONOTONIC microseconds: V8 stamps samples with the clock `process.hrtime`
 * reads) to the nearest package or repository file on its stack, from the leaf up. Idle samples
 * are left out. Node's own modules (`node:internal/...`) are charged to their caller, so a
 * spawn shows under the file that spawned. Frames of a built service (`dist/*.js`) are charged to
 * the source file their source map names.
 */
export function summariseProfile(dir: string, root: string, fromUs: number, toUs: number): { busy: number; intervalUs: number; shares: ProfileShare[] } {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const placeOf = new Map<number, string | null>();
  const place = (id: number): string | null => {
    if (placeOf.has(id)) return placeOf.get(id)!;
    const { url, functionName, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    let where: string | null = null;
    if (url.includes('/node_modules/')) {
      const parts = url.slice(url.lastIndexOf('/node_modules/') + 14).split('/');
      where = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    } else if (url.startsWith('file://')) {
      const path = url.slice(7);
      where = relative(root, sourceOf(path, lineNumber, columnNumber) ?? path);
    } else if (!url && /^\(.*\)$/.test(functionName)) {
      where = functionName; // (garbage collector), (program), (idle)
    }
    placeOf.set(id, where);
    return where;
  };
  const counts = new Map<string, number>();
  let time = profile.startTime;
  let busy = 0;
  profile.samples.forEach((sample, i) => {
    time += profile.timeDeltas[i]!;
    if (time < fromUs || time > toUs) return;
    let where: string | null = null;
    let leafName = byId.get(sample)!.callFrame.functionName || '(anonymous)';
    for (let id: number | undefined = sample; id !== undefined && where === null; id = parent.get(id)) where = place(id);
    where ??= `node internals: ${leafName}`;
    if (where === '(idle)') return;
    busy++;
    counts.set(where, (counts.get(where) ?? 0) + 1);
  });
  const intervalUs = profile.timeDeltas.length > 1 ? (profile.timeDeltas.slice(1).reduce((a, b) => a + b, 0) / (profile.timeDeltas.length - 1)) : 0;
  return { busy, intervalUs, shares: [...counts].map(([where, samples]) => ({ where, samples })).sort((a, b) => b.samples - a.samples) };
}
