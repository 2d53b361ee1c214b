import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { TOKENS, startContractService } from './contract/service';
import { compileTypedClient, generateTypes } from './contract/typed-client';

const REDOCLY = resolve(import.meta.dirname, '../node_modules/.bin/redocly');
// Imported by path: its types come from a file generated at test time, so the workspace's own
// type check leaves it to the test's tsc run.
const TYPED_CLIENT: string = './fixtures/typed-client';
type TypedClient = { readEverything(baseUrl: string, token: string): Promise<number> };

let service: Awaited<ReturnType<typeof startContractService>>;
let document: object;
let dir: string;

beforeAll(async () => {
  service = await startContractService();
  document = (await (await fetch(`${service.url}/openapi.json`)).json()) as object;
  dir = await mkdtemp(join(tmpdir(), 'contract-tools-'));
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(document));
}, 180_000);

afterAll(async () => {
  await service?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document under third-party tools', () => {
  it('passes Redocly lint with the recommended ruleset without an error', async () => {
    // lint exits 1 on errors; the JSON report is on stdout either way.
    const run = promisify(execFile)(REDOCLY, ['lint', join(dir, 'openapi.json'), '--extends=recommended', '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => error);
    const report = JSON.parse((await run).stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string }[] };
    const byRule = report.problems.reduce<Record<string, number>>((counts, p) => ({ ...counts, [`${p.severity} ${p.ruleId}`]: (counts[`${p.severity} ${p.ruleId}`] ?? 0) + 1 }), {});
    console.log(`Redocly recommended: ${report.totals.errors} errors, ${report.totals.warnings} warnings ${JSON.stringify(byRule)}`);
    expect(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  }, 180_000);

  it('gives openapi-typescript types that a client reads every documented field with, under tsc --strict and no cast', async () => {
    const { errors } = await compileTypedClient(document);
    expect(errors).toEqual([]);
  }, 120_000);

  it('describes what that client really receives', async () => {
    const { readEverything } = (await import(TYPED_CLIENT)) as TypedClient;
    const checked = await readEverything(service.url, TOKENS.all);
    expect(checked).toBeGreaterThan(500);
  });

  it('names every model once in components.schemas and refers to it, so generated clients get its type', async () => {
    const models = ['Notice', 'NoticeTypeCounts', 'Release', 'ReleaseDetail', 'UpdateCheck', 'Codename', 'Element', 'ElementDetail', 'ErrorEntry', 'ErrorEntrySummary', 'OperationRecord', 'RecentOperation', 'CatalogStats', 'Feedback', 'FeedbackReceipt', 'FeedbackStats', 'MailReceipt', 'Health', 'NewErrorEntry', 'ErrorEntryReplacement', 'ErrorEntryPatch', 'NewFeedback', 'EmailMessage'];
    const schemas = (document as { components: { schemas: Record<string, unknown> } }).components.schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(models));
    const text = JSON.stringify(document);
    for (const name of models) expect([name, text.includes(`"$ref":"#/components/schemas/${name}"`)]).toEqual([name, true]);
    // Each model is described once: no inline copy of a model's properties outside components.
    const { components: _components, ...rest } = document as Record<string, unknown>;
    expect(JSON.stringify(rest)).not.toContain('"$defs"');
    const types = await generateTypes(document);
    for (const name of models) expect(types).toMatch(new RegExp(`\\b${name}: \\{`));
  });

  it('keeps no nested $schema, and no count may be negative', () => {
    const text = JSON.stringify(document);
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain('9007199254740991');
  });
});
