import { INSTALL_ID } from '@companion/schema';

/** `install_id`: the install a check names, applied per request (see SnapshotRead's `installs`). */
export const INSTALL_PARAM = 1;
/** electron-updater's `noCache`: a new random value on every check, ignored. */
export const NO_CACHE_PARAM = 2;

/** A URL with its per-install parameters taken out (see takeInstallQuery). */
export interface InstallQuery {
  /** The URL without them, its other parameters in their order. */
  url: string;
  /** The `install_id` taken, undefined when the URL had none. */
  install: string | undefined;
  /** Which parameters were taken (INSTALL_PARAM, NO_CACHE_PARAM). */
  taken: number;
  /** Where `install_id=` began in the URL given; -1 when it had none. */
  installAt: number;
}

/** Where `name=` begins as a parameter of the query starting at `q` (after `?` or `&`); -1 when absent. */
export function paramAt(url: string, name: string, q: number): number {
  for (let at = url.indexOf(name, q); at !== -1; at = url.indexOf(name, at + 1)) {
    const before = url.charCodeAt(at - 1);
    if ((before === 0x3f || before === 0x26) && url.charCodeAt(at + name.length) === 0x3d) return at;
  }
  return -1;
}

/** `url` without the parameter beginning at `at`, and the parameter's value (`name=` is `length` long). */
function without(url: string, at: number, length: number): [string, string] {
  const end = url.indexOf('&', at);
  const value = url.slice(at + length, end === -1 ? url.length : end);
  // `?a=1&name=x` -> `?a=1`; `?name=x&b=2` -> `?b=2`; `?name=x` -> ``.
  const rest = end === -1 ? url.slice(0, at - 1) : url.slice(0, at) + url.slice(end + 1);
  return [rest, value];
}

/**
 * Takes the parameters out of a URL's query that differ per install (or per check) and never
 * decide which answer it gets on their own: `install_id` and electron-updater's `noCache`. Every
 * install's update check then looks up the one URL all installs share, so a check from an install
 * never seen (each install's URL is new to the service) costs what a URL asked before costs.
 *
 * Null when there is nothing to take, or when the query may not read as written: one holding `%`
 * or `+` (the query parser decodes those), a parameter named twice or without a value, an
 * `install_id` that is not an install id. The URL is then looked up whole, and whatever the
 * route makes of it (a 400 included) stands.
 */
export function takeInstallQuery(url: string): InstallQuery | null {
  const q = url.indexOf('?') + 1;
  if (q === 0 || url.indexOf('%', q) !== -1 || url.indexOf('+', q) !== -1) return null;
  let rest = url;
  let install: string | undefined;
  let taken = 0;
  const installAt = paramAt(rest, 'install_id', q);
  if (installAt !== -1) {
    [rest, install] = without(rest, installAt, 'install_id='.length);
    if (install.length === 0 || install.length > 128 || !INSTALL_ID.test(install)) return null;
    taken |= INSTALL_PARAM;
  }
  const noCacheAt = paramAt(rest, 'noCache', q);
  if (noCacheAt !== -1) {
    rest = without(rest, noCacheAt, 'noCache='.length)[0];
    taken |= NO_CACHE_PARAM;
  }
  // Named again (or without a value): the query parser would make a list of it, which the route refuses.
  if (taken === 0 || ((taken & INSTALL_PARAM) !== 0 && rest.indexOf('install_id', q) !== -1) || ((taken & NO_CACHE_PARAM) !== 0 && rest.indexOf('noCache', q) !== -1)) return null;
  return { url: rest, install, taken, installAt };
}
