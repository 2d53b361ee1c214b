import type { SignedIn } from '../auth/sessions';
import { escapeHtml } from '../pages/html';

export const CONSOLE = '/console';

/** A hidden field with the session's (or the sign-in form's) CSRF value: every form that changes something carries one. */
export const csrfField = (value: string): string => `<input type="hidden" name="csrf" value="${escapeHtml(value)}">`;

/** A console page around `main` (already escaped HTML); the header names who is signed in and signs them out. */
export function consolePage(title: string, main: string, person: SignedIn | null): string {
  const who = person
    ? `<form class="sign-out" method="post" action="${CONSOLE}/sign-out">${csrfField(person.session.csrf)}<span>Signed in as <strong>${escapeHtml(person.actor)}</strong></span> <button type="submit">Sign out</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Console · Tunnel Companion</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/pages.css">
</head>
<body class="column-docs console">
<header class="site"><a class="brand" href="${CONSOLE}">Tunnel Companion console</a>${who}</header>
<main>
${main}
</main>
</body>
</html>
`;
}
