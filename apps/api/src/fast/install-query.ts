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
}

/**
 * Takes the parameters out of a URL's query that differ per install (or per check) and never
 * decide which answer it gets on their own: `install_id` and electron-updater's `noCache`. Every
 * install's update check then looks up the one URL all installs share, so a check from an install
 * never seen (each install's URL is new to the service) costs what a URL asked before costs.
 *
 * Null when there is nothing to take, or when the query does not read as written: a name or an
 * `install_id` holding `%` or `+` (the query parser decodes those), a parameter given twice, an
 * `install_id` that is not an install id. The URL is then looked up whole, and whatever the
 * route makes of it (a 400 included) stands.
 */
export function takeInstallQuery(url: string): InstallQuery | null {
  const q = url.indexOf('?');
  if (q === -1 || (url.indexOf('install_id', q) === -1 && url.indexOf('noCache', q) === -1)) return null;
  let rest = url.slice(0, q);
  let separator = '?';
  let install: string | undefined;
  let taken = 0;
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (name.includes('%') || name.includes('+')) return null;
    const param = name === 'install_id' ? INSTALL_PARAM : name === 'noCache' ? NO_CACHE_PARAM : 0;
    if (param === 0) {
      if (pair !== '') [rest, separator] = [`${rest}${separator}${pair}`, '&'];
      continue;
    }
    if ((taken & param) !== 0) return null;
    taken |= param;
    if (param === INSTALL_PARAM) {
      install = eq === -1 ? '' : pair.slice(eq + 1);
      if (install.length === 0 || install.length > 128 || install.includes('%') || install.includes('+') || !INSTALL_ID.test(install)) return null;
    }
  }
  return { url: rest, install, taken };
}
