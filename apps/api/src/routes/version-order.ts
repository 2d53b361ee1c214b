import { PREVIEW_VERSION } from '@companion/schema';
import semver from 'semver';

/**
 * A client version taken apart once per request, and semver ranges compiled once per snapshot
 * into plain comparisons over it: node-semver's Range.test costs a few microseconds per range,
 * which is most of a fast answer's budget. Semantics are node-semver's with includePrerelease.
 */
export interface Version {
  main: readonly [number, number, number];
  /** Pre-release identifiers (`beta`, 2), empty for a release. */
  pre: readonly (string | number)[];
}

/** Numeric identifiers compare as numbers, below alphanumeric ones (semver 2.0.0, 11.4). */
const identifier = (part: string): string | number => (/^(0|[1-9]\d*)$/.test(part) ? Number(part) : part);

/** The version, or null when it is not one: the one grammar every version is read with (PREVIEW_VERSION). */
export function parseVersion(text: string): Version | null {
  if (!PREVIEW_VERSION.test(text)) return null;
  const dash = text.indexOf('-');
  const [major, minor, patch] = (dash === -1 ? text : text.slice(0, dash)).split('.').map(Number) as [number, number, number];
  const pre = dash === -1 ? [] : text.slice(dash + 1).split('.').map(identifier);
  return { main: [major, minor, patch], pre };
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a.main[i] !== b.main[i]) return a.main[i]! < b.main[i]! ? -1 : 1;
  if (a.pre.length === 0 || b.pre.length === 0) return b.pre.length - a.pre.length; // a release is above its pre-releases
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const [x, y] = [a.pre[i], b.pre[i]];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

type Comparison = (v: Version) => boolean;

function comparison(c: semver.Comparator): Comparison {
  if (c.value === '') return () => true; // `*`: any version
  const bound: Version = { main: [c.semver.major, c.semver.minor, c.semver.patch], pre: c.semver.prerelease };
  switch (c.operator) {
    case '<':
      return (v) => compare(v, bound) < 0;
    case '<=':
      return (v) => compare(v, bound) <= 0;
    case '>':
      return (v) => compare(v, bound) > 0;
    case '>=':
      return (v) => compare(v, bound) >= 0;
    default:
      return (v) => compare(v, bound) === 0;
  }
}

/** A range as a test of a parsed version: any of its comparator sets, each all of its comparisons. */
export function compileRange(range: string): (v: Version) => boolean {
  const sets = new semver.Range(range, { includePrerelease: true }).set.map((set) => set.map(comparison));
  return (v) => sets.some((set) => set.every((test) => test(v)));
}
