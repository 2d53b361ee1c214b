import type { Element } from '@companion/schema';
import semver from 'semver';
import type { CodenameEntry } from './collections';
import type { ContentIssue } from './issues';

export interface CodenameView {
  codename: string;
  element: { number: number; symbol: string; name: string };
  versions: string[];
}

export interface ResolvedCodenames {
  codenames: CodenameView[];
  /** Codename of each release version that has one. */
  codenameOf: Map<string, string>;
  /** Problems of codenames.yaml found against the elements and releases. */
  issues: ContentIssue[];
}

/**
 * Judges codenames.yaml against the served elements and releases. A version whose changelog file
 * exists but failed (`failedVersions`) is not judged: its own file carries the problem, so it is
 * left out here without blaming codenames.yaml.
 */
export function resolveCodenames(
  file: string,
  entries: readonly CodenameEntry[],
  elements: readonly Element[],
  versions: ReadonlySet<string>,
  failedVersions: ReadonlySet<string>,
): ResolvedCodenames {
  const elementByName = new Map(elements.map((e) => [e.name.toLowerCase(), e]));
  const codenames: CodenameView[] = [];
  const codenameOf = new Map<string, string>();
  const issues: ContentIssue[] = [];
  for (const entry of entries) {
    const element = elementByName.get(entry.codename.toLowerCase());
    if (!element) {
      issues.push({ file, ...entry.at, code: 'CODENAME_UNKNOWN_ELEMENT', message: `codename "${entry.codename}": expected the English name of a chemical element (Hydrogen ... Oganesson); found none by that name` });
      continue;
    }
    const kept = entry.versions.filter((version, i) => {
      if (versions.has(version)) return true;
      if (!failedVersions.has(version)) {
        issues.push({ file, ...(entry.versionsAt[i] ?? entry.at), code: 'CODENAME_UNKNOWN_VERSION', message: `version ${version}: expected a version with a changelog file; found none` });
      }
      return false;
    });
    for (const version of kept) codenameOf.set(version, element.name);
    codenames.push({ codename: element.name, element: { number: element.number, symbol: element.symbol, name: element.name }, versions: kept.sort(semver.rcompare) });
  }
  codenames.sort((a, b) => a.element.number - b.element.number);
  return { codenames, codenameOf, issues };
}
