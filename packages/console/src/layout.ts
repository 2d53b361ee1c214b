import type { Scope, SignedIn } from '@companion/auth';
import { escapeHtml } from '@companion/html';

export const CONSOLE = '/console';
export const CONSOLE_ASSETS = `${CONSOLE}/assets`;

/** Scopes that open the drafts (to draft, or to review); with these and the readers' scopes, the activity log. */
const DRAFTERS: readonly Scope[] = ['catalog:draft', 'catalog:publish', 'errors:write'];
const holdsAny = (person: SignedIn, scopes: readonly Scope[]) => scopes.some((scope) => person.scopes.has(scope));

/** A hidden field with the session's (or the sign-in form's) CSRF value: every form that changes something carries one. */
export const csrfField = (value: string): string => `<input type="hidden" name="csrf" value="${escapeHtml(value)}">`;

/**
 * A console page around `main` (already escaped HTML). The header links what the person may use
 * and signs them out. Scripts: the console's own (small) on every page, Chart.js only with charts.
 */
export function consolePage(title: string, main: string, person: SignedIn | null, options: { charts?: boolean } = {}): string {
  const links = person
    ? `<nav aria-label="Console"><a href="${CONSOLE}/errors">Catalogue</a>${person.scopes.has('feedback:read') ? `<a href="${CONSOLE}/feedback">Feedback</a>` : ''}${person.scopes.has('releases:read') ? `<a href="${CONSOLE}/releases">Releases</a>` : ''}${holdsAny(person, DRAFTERS) ? `<a href="${CONSOLE}/drafts">Drafts</a>` : ''}${person.scopes.has('errors:read-log') ? `<a href="${CONSOLE}/search">Search</a>` : ''}${holdsAny(person, [...DRAFTERS, 'errors:read-log', 'feedback:read', 'releases:read']) ? `<a href="${CONSOLE}/activity">Activity</a>` : ''}</nav>
<form class="sign-out" method="post" action="${CONSOLE}/sign-out">${csrfField(person.session.csrf)}<span>Signed in as <strong>${escapeHtml(person.actor)}</strong> (${person.via === 'sso' ? 'single sign-on' : 'named token'})</span> <button type="submit" class="secondary">Sign out</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Console · Tunnel Companion</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/pages.css">
<link rel="stylesheet" href="${CONSOLE_ASSETS}/console.css">
${options.charts ? `<script src="${CONSOLE_ASSETS}/chart.umd.min.js" defer></script>\n` : ''}<script src="${CONSOLE_ASSETS}/console.js" defer></script>
</head>
<body class="column-docs console">
<a class="skip-link" href="#main">Skip to the content</a>
<header class="site"><a class="brand" href="${CONSOLE}">Tunnel Companion console</a>${links}</header>
<main id="main" tabindex="-1">
${main}
</main>
</body>
</html>
`;
}
