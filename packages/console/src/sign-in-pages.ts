import type { SignedIn } from '@companion/auth';
import { escapeHtml } from '@companion/html';
import { CONSOLE, consolePage, csrfField } from './layout';

export interface SignInView {
  csrf: string;
  next: string;
  /** The identity provider's button label; null without single sign-on. */
  provider: string | null;
  /** Why the last attempt failed, shown at the field. */
  error?: string;
  /** Why the person has to sign in again. */
  why?: SignedOutReason;
  /** A form they sent meanwhile waits to be sent again; `none`: a form came that was not kept (not from a page of theirs); `too-large`: one came too large to keep. */
  kept?: boolean | 'none' | 'too-large';
  /** How long a sign-in lasts. */
  hours?: number;
}

export type SignedOutReason = 'expired' | 'revoked' | 'restored' | 'signed-out';

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

function reasonOf(why: SignedOutReason | undefined, kept: boolean | 'none' | 'too-large', hours: number): string {
  const text =
    why === 'restored'
      ? "You were signed out because the service's data was restored from a backup: a sign-out made since that backup may have been undone, so every session from before the restore ends. Please sign in again."
      : why === 'signed-out'
        ? 'You signed out of this session (here or in another window), so it no longer signs you in.'
      : why === 'revoked'
      ? 'You were signed out because your access changed: your token was revoked, or your groups no longer grant anything here. If you should still have access, ask an administrator.'
      : why === 'expired'
        ? `You were signed out because your session ended (a sign-in lasts ${hours === Math.round(hours) ? plural(hours, 'hour') : plural(Math.round(hours * 60), 'minute')}).`
        : '';
  const keep =
    kept === 'none'
      ? ' What you sent was not kept and nothing was changed: the form did not come from a console page of your session.'
      : kept === 'too-large'
        ? ' What you sent was not kept and nothing was changed: it was too large to keep across the sign-in. Sign in, open the page again and repeat.'
      : kept
        ? ' What you sent is kept: after you sign in you can send it again, as it was.'
        : '';
  return text || keep ? `<p class="notice" role="alert">${escapeHtml(`${text}${keep}`.trim())}</p>` : '';
}

export function signInPage({ csrf, next, provider, error, why, kept = false, hours = 8 }: SignInView): string {
  const sso = provider
    ? `<p><a class="button" href="${CONSOLE}/oidc/start?next=${encodeURIComponent(next)}">Sign in with ${escapeHtml(provider)}</a></p>\n<p>Or with a named token:</p>`
    : '<p>Sign in with the token your administrator gave you (a line of the tokens file with your name).</p>';
  const invalid = error ? ' aria-invalid="true" aria-describedby="token-error"' : '';
  return consolePage(
    'Sign in',
    `<h1>Sign in</h1>
${reasonOf(why, kept, hours)}
${sso}
<form method="post" action="${CONSOLE}/sign-in" class="sign-in">
${csrfField(csrf)}<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="token">Token</label>
<input id="token" name="token" type="password" autocomplete="off" required${invalid}>
${error ? `<p class="field-error" id="token-error">${escapeHtml(error)}</p>` : ''}
<button type="submit">Sign in</button>
</form>`,
    null,
  );
}

export function homePage(person: SignedIn): string {
  const scopes = [...person.scopes].sort().map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  const places = [`<li><a href="${CONSOLE}/errors">The catalogue</a>: search${person.scopes.has('errors:write') ? ', add and edit entries' : ''}${person.scopes.has('errors:read-log') ? ', their history' : ''}</li>`, ...(person.scopes.has('feedback:read') ? [`<li><a href="${CONSOLE}/feedback">Feedback</a>: filter, chart and download${person.scopes.has('feedback:write') ? ', set statuses' : ''}${person.scopes.has('feedback:erase') ? ', erase an address' : ''}</li>`] : [])];
  return consolePage('Console', `<h1>Console</h1>\n<ul class="places">${places.join('')}</ul>\n<p>Your scopes:</p>\n<ul class="scopes">${scopes}</ul>`, person);
}

/** A refusal as a page: what happened and the way on. */
export function refusalPage(title: string, message: string, person: SignedIn | null): string {
  return consolePage(title, `<h1>${escapeHtml(title)}</h1>\n<p class="lead">${escapeHtml(message)}</p>\n<p><a href="${CONSOLE}/sign-in">Sign in</a></p>`, person);
}
