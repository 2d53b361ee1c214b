import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../support/ports';
import { waitFor } from '../support/service';

const PRISM = resolve(import.meta.dirname, '../../node_modules/.bin/prism');

/** Stoplight Prism as a validating proxy (`prism proxy --errors`) in front of `upstream`. */
export async function startPrism(documentFile: string, upstream: string): Promise<{ url: string; lines: string[]; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(PRISM, ['proxy', documentFile, upstream, '--errors', '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
  await waitFor(() => lines.some((l) => l.includes('Prism is listening')), 60_000, () => `prism did not start:\n${lines.join('\n')}`, child);
  return {
    url: `http://127.0.0.1:${port}`,
    lines,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Violation {
  location: string[];
  severity: string;
  message: string;
}

/** The violations Prism found in an answer it proxied (it lists them in `sl-violations`). */
export function violationsOf(headers: Headers): Violation[] {
  const header = headers.get('sl-violations');
  return header ? (JSON.parse(header) as Violation[]) : [];
}

/** Prism's own refusal of a request the document forbids (problem+json, not the service's error body). */
export function prismRefusal(answer: { headers: Headers; text: string }): string | null {
  if (!answer.headers.get('content-type')?.startsWith('application/problem+json')) return null;
  // A HEAD answer has no body to name the problem; its violations, if any, are in the header.
  if (answer.text === '') return violationsOf(answer.headers).some((v) => v.location[0] === 'response') ? null : 'problem (no body)';
  const type = (JSON.parse(answer.text) as { type?: string }).type ?? '';
  return type.endsWith('#VIOLATIONS') ? null : type;
}
