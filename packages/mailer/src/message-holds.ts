/**
 * Whether a message as kept in the outbox (RFC 822 bytes, as nodemailer encodes them) names
 * `address` anywhere, any letter case: in a header or a body, plain, quoted-printable (soft line
 * breaks and `=40` included) or base64 (bodies and `=?…?B?…?=` words).
 */
export function messageHolds(raw: Buffer, recipients: readonly string[], address: string): boolean {
  const wanted = address.toLowerCase();
  if (recipients.some((recipient) => recipient.toLowerCase() === wanted)) return true;
  const text = raw.toString('latin1');
  const readings = [text, decodeQuotedPrintable(text)];
  for (const [, word] of text.matchAll(/=\?[^?]+\?B\?([A-Za-z0-9+/=]+)\?=/gi)) readings.push(Buffer.from(word!, 'base64').toString('utf8'));
  for (const [block] of text.matchAll(/(?:^[A-Za-z0-9+/]{4,}={0,2}\r?\n)+/gm)) readings.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  return readings.some((reading) => reading.toLowerCase().includes(wanted));
}

function decodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, '').replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  return bytes.toString('utf8');
}
