// How Electron's built-in autoUpdater reads the service's answers, its rules taken from the
// updaters' own source and written out here to run against them:
// - Squirrel.Windows (Squirrel/Squirrel.Windows at 51f5e2cb01add79280a53d51e8d0cfa20f8c9f9f):
//   src/Squirrel/ReleaseEntry.cs (ParseReleaseEntry, ParseReleaseFileAndApplyStaging, IsStagingMatch),
//   ReleaseExtensions.cs (ToSemanticVersion), NuGet 2's SemanticVersion order, UpdateInfo.cs
//   (Create) and UpdateManager.CheckForUpdates.cs (determineUpdateInfo, the RELEASES URL),
//   UpdateManager.DownloadReleases.cs (where a package is fetched from).
// - Squirrel.Mac (Squirrel/Squirrel.Mac at 8d808803bc89ec0e2aa1450474856dfee3b00c6b):
//   Squirrel/SQRLUpdater.m (RELEASESERVER mode: a non-2xx status is an error, 204 no update) and
//   SQRLUpdate.m (the JSON keys, `url` required, releaseDateJSONTransformer's formats).

export interface ReleaseEntry {
  sha1: string;
  filename: string;
  filesize: number;
  isDelta: boolean;
  baseUrl: string | null;
  query: string | null;
  stagingPercentage: number | null;
}

const ENTRY = /^([0-9a-fA-F]{40})\s+(\S+)\s+(\d+)[\r]*$/;
const COMMENT = /\s*#.*$/;
const STAGING = /#\s+(\d{1,3})%$/;
// Path.GetInvalidFileNameChars on Windows: control characters and "<>|:*?\/
const INVALID_FILE_NAME = /[\u0000-\u001f"<>|:*?\\/]/;

/** ReleaseEntry.ParseReleaseEntry: null for a blank or comment line; throws on anything else it cannot read. */
export function parseReleaseEntry(line: string): ReleaseEntry | null {
  const staging = STAGING.exec(line);
  const entry = line.replace(COMMENT, '');
  if (entry.trim() === '') return null;
  const m = ENTRY.exec(entry);
  if (!m) throw new Error(`Invalid release entry: ${entry}`);
  let filename = m[2]!;
  let baseUrl: string | null = null;
  let query: string | null = null;
  if (/^https?:\/\//i.test(filename)) {
    const uri = new URL(filename);
    const path = decodeURIComponent(uri.pathname);
    const cut = path.lastIndexOf('/') + 1;
    baseUrl = uri.origin + path.slice(0, cut);
    filename = path.slice(cut);
    if (uri.search !== '') query = uri.search;
  }
  if (INVALID_FILE_NAME.test(filename)) throw new Error('Filename can either be an absolute HTTP[s] URL, *or* a file name');
  return { sha1: m[1]!, filename, filesize: Number(m[3]), isDelta: /-delta\.nupkg$/i.test(filename), baseUrl, query, stagingPercentage: staging ? Number(staging[1]) / 100 : null };
}

/** ReleaseEntry.ParseReleaseFileAndApplyStaging with no staging id: entries carrying a `# n%` are dropped (IsStagingMatch without a user id). */
export function parseReleaseFile(text: string): ReleaseEntry[] {
  if (text === '') return [];
  return text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(parseReleaseEntry)
    .filter((e): e is ReleaseEntry => e !== null && e.stagingPercentage === null);
}

/** NuGet 2's SemanticVersion: up to four numbers and a tag without dots. */
export interface SemanticVersion {
  numbers: [number, number, number, number];
  special: string;
}

const SEMANTIC_VERSION = /^(\d+(\s*\.\s*\d+){0,3})(-[a-z][0-9a-z-]*)?$/i;

export function semanticVersion(text: string): SemanticVersion {
  const m = SEMANTIC_VERSION.exec(text);
  if (!m) throw new Error(`'${text}' is not a valid version string.`);
  const parts = m[1]!.split('.').map((p) => Number(p.trim()));
  while (parts.length < 4) parts.push(0);
  return { numbers: parts as SemanticVersion['numbers'], special: (m[3] ?? '').slice(1) };
}

/** VersionExtensions.ToSemanticVersion: the version a package's file name carries. */
export function toSemanticVersion(fileName: string): SemanticVersion {
  const name = fileName.replace(/(-full|-delta)?\.nupkg$/, '');
  return semanticVersion(/\d+(\.\d+){0,3}(-[A-Za-z][0-9A-Za-z-]*)?$/.exec(name)?.[0] ?? '');
}

/** SemanticVersion.CompareTo: the numbers, then no tag above any tag, then tags as text ignoring case. */
export function compareVersions(a: SemanticVersion, b: SemanticVersion): number {
  for (let i = 0; i < 4; i++) if (a.numbers[i] !== b.numbers[i]) return a.numbers[i]! - b.numbers[i]!;
  if (a.special === b.special) return 0;
  if (a.special === '') return 1;
  if (b.special === '') return -1;
  const [x, y] = [a.special.toUpperCase(), b.special.toUpperCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

const versionOf = (e: ReleaseEntry) => toSemanticVersion(e.filename);
const newestFull = (entries: readonly ReleaseEntry[]) => entries.filter((e) => !e.isDelta).sort((a, b) => compareVersions(versionOf(b), versionOf(a)))[0] ?? null;

/**
 * What Squirrel.Windows updates an install to from a RELEASES file (determineUpdateInfo, then
 * UpdateInfo.Create): the packages it downloads and applies, in order; empty for no update.
 * `installed` is the install's own full package (its local RELEASES).
 */
export function releasesToApply(installed: ReleaseEntry | null, remote: readonly ReleaseEntry[]): ReleaseEntry[] {
  if (remote.length === 0) throw new Error('Remote release File is empty or corrupted');
  const latestFull = newestFull(remote);
  if (latestFull === null) throw new Error('There should always be at least one full release');
  if (installed === null) return [latestFull];
  const maxRemote = remote.map(versionOf).sort((a, b) => compareVersions(b, a))[0]!;
  if (compareVersions(versionOf(installed), maxRemote) > 0) return []; // "hwhat, local version is greater than remote version"
  if (compareVersions(versionOf(installed), versionOf(latestFull)) >= 0) return [];
  const newer = remote.filter((e) => compareVersions(versionOf(e), versionOf(installed)) > 0).sort((a, b) => compareVersions(versionOf(a), versionOf(b)));
  const deltas = newer.filter((e) => e.isDelta);
  const deltasSize = deltas.reduce((sum, e) => sum + e.filesize, 0);
  return deltasSize < latestFull.filesize && deltasSize > 0 ? deltas : [latestFull];
}

/** Where Squirrel.Windows asks for RELEASES: the feed URL (no trailing slash) + `/RELEASES`, its query kept, with id, localVersion and arch added. */
export function releasesUrl(feedUrl: string, installed: ReleaseEntry): string {
  const uri = new URL(feedUrl.replace(/\/$/, ''));
  if (!uri.pathname.endsWith('/')) uri.pathname += '/';
  uri.pathname += 'RELEASES';
  const v = toSemanticVersion(installed.filename);
  const packageName = /^([\w-]+)-\d+\..+\.nupkg$/.exec(installed.filename)?.[1] ?? installed.filename.split(/[-.]/)[0]!;
  uri.searchParams.set('id', packageName);
  uri.searchParams.set('localVersion', `${v.numbers.slice(0, 3).join('.')}${v.special ? `-${v.special}` : ''}`);
  uri.searchParams.set('arch', 'amd64');
  return uri.toString();
}

/** Where Squirrel.Windows downloads a package from (downloadRelease): its base URL and name, resolved against the feed URL with a trailing slash. */
export function packageUrl(feedUrl: string, entry: ReleaseEntry): string {
  const base = new URL(feedUrl);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL(`${entry.baseUrl ?? ''}${entry.filename}${entry.query ?? ''}`, base).toString();
}

/** Squirrel.Mac's update, as SQRLUpdate holds it. */
export interface SquirrelMacUpdate {
  url: string;
  name: string | null;
  notes: string | null;
  date: Date | null;
}

const ISO8601 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})$/;

/** What Squirrel.Mac makes of an answer to its check: an update, none (204), or an error. */
export function squirrelMacCheck(status: number, body: string): { update: SquirrelMacUpdate | null } | { error: string } {
  if (status < 200 || status > 299) return { error: 'Update check failed: the server sent an invalid response' };
  if (status === 204) return { update: null };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { error: 'The server sent an invalid JSON response' };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { error: 'The server sent an invalid JSON response' };
  const dict = json as Record<string, unknown>;
  const url = typeof dict.url === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(dict.url) ? dict.url : null;
  if (url === null) return { error: 'SQRLUpdate must be initialized with a valid updateURL.' };
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const m = typeof dict.pub_date === 'string' ? ISO8601.exec(dict.pub_date) : null;
  return { update: { url, name: text(dict.name), notes: text(dict.notes), date: m ? new Date(dict.pub_date as string) : null } };
}
