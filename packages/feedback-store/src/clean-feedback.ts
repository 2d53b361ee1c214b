import { clientVersion, type FeedbackInput } from '@companion/schema';
import type { StoredFeedback } from './feedback-record';

// C0, DEL and C1 controls: invisible, able to break terminals and log viewers.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const CONTROLS_BUT_NEWLINE_AND_TAB = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** The feedback left blank once its control characters are gone (422 at the API). */
export class BlankFeedbackError extends Error {
  override readonly name = 'BlankFeedbackError';
  constructor() {
    super('expected text; the feedback holds only control characters or spaces');
  }
}

/**
 * What is stored of a validated submission: control characters removed (content keeps line
 * breaks and tabs; CR LF and lone CR become LF so lines do not merge), text in NFC so equal
 * text is stored as equal bytes. Nothing else is changed.
 */
export function cleanFeedback(input: FeedbackInput): Omit<StoredFeedback, 'created_at' | 'user_ip'> {
  const content = input.content.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_NEWLINE_AND_TAB, '').normalize('NFC');
  if (content.trim() === '') throw new BlankFeedbackError();
  return {
    type: input.type,
    content,
    contact: cleanLine(input.contact),
    // Written as the update check reads it (`v1.12.0`, `1.12.0+build.5`: 1.12.0), so reports and checks name a release alike.
    client_version: cleanLine(input.client_version === undefined ? undefined : clientVersion(input.client_version)),
    platform: cleanLine(input.platform),
  };
}

function cleanLine(text: string | undefined): string | undefined {
  const clean = text?.replace(CONTROLS, '').normalize('NFC');
  return clean?.trim() ? clean : undefined; // JSON leaves undefined fields out
}
