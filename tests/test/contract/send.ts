import type { ContractRequest } from './requests';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function once(base: string, row: ContractRequest, extra: Record<string, string> = {}): Promise<Answer> {
  const raw = typeof row.body === 'string';
  const headers: Record<string, string> = { ...(row.body !== undefined && { 'Content-Type': 'application/json' }), ...row.headers, ...extra };
  const res = await fetch(base + row.path, {
    method: row.method,
    headers,
    // A redirect is the answer under test (a build's host is not there to follow it to).
    redirect: 'manual',
    ...(row.body !== undefined && { body: raw ? (row.body as string) : JSON.stringify(row.body) }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Sends one row of the table as it says (repeated for a rate limit, twice for a conditional GET). */
export async function send(base: string, row: ContractRequest): Promise<Answer> {
  if (row.conditional) {
    const first = await once(base, row);
    return once(base, row, { 'If-None-Match': first.headers.get('etag') ?? '' });
  }
  let answer = await once(base, row);
  for (let i = 1; i < (row.repeatUntil ?? 1) && answer.status !== row.status; i++) answer = await once(base, row);
  return answer;
}

export const describeRow = (row: ContractRequest): string => `${row.method} ${row.path}${row.headers ? ` ${JSON.stringify(row.headers)}` : ''}`;
