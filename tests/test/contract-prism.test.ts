import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { METHODS, operationKey } from './contract/operations';
import { prismRefusal, startPrism, violationsOf } from './contract/prism';
import { CONTRACT_REQUESTS } from './contract/requests';
import { describeRow, send } from './contract/send';
import { startContractService } from './contract/service';

// One table of requests, two fresh services: one asked directly, one behind Stoplight Prism
// validating every request and answer against the service's own /openapi.json.
let direct: Awaited<ReturnType<typeof startContractService>>;
let proxied: Awaited<ReturnType<typeof startContractService>>;
let prism: Awaited<ReturnType<typeof startPrism>>;
let document: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let dir: string;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([startContractService(), startContractService()]);
  document = (await (await fetch(`${proxied.url}/openapi.json`)).json()) as typeof document;
  dir = await mkdtemp(join(tmpdir(), 'contract-prism-'));
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(document));
  prism = await startPrism(join(dir, 'openapi.json'), proxied.url);
}, 120_000);

afterAll(async () => {
  await prism?.stop();
  await Promise.all([direct?.stop(), proxied?.stop()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the contract table', () => {
  it('is answered by the service as it says', async () => {
    const answers: [string, number][] = [];
    for (const row of CONTRACT_REQUESTS) answers.push([describeRow(row), (await send(direct.url, row)).status]);
    expect(answers).toEqual(CONTRACT_REQUESTS.map((row) => [describeRow(row), row.status]));
  });

  it('covers every operation of the document with a success, and every declared status it sends', () => {
    const paths = Object.keys(document.paths);
    // A redirect to a build is the success of the routes that answer one.
    const successes = new Set(CONTRACT_REQUESTS.filter((row) => row.status < 300 || row.status === 302 || row.status === 304).map((row) => operationKey(paths, row)));
    const operations = paths.flatMap((path) => METHODS.filter((m) => document.paths[path]![m] && m !== 'head' && m !== 'options').map((m) => `${m} ${path}`));
    expect(operations.filter((op) => !successes.has(op))).toEqual([]);
    // Every status the table expects from an operation is one the document declares for it.
    const undeclared = CONTRACT_REQUESTS.filter((row) => !row.refused).filter((row) => {
      const [method, template] = operationKey(paths, row).split(' ') as [string, string];
      return !document.paths[template]?.[method]?.responses[String(row.status)];
    });
    expect(undeclared.map(describeRow)).toEqual([]);
  });

  it('passes Prism as a validating proxy: no response violation, and Prism refuses exactly what the document forbids', async () => {
    const problems: string[] = [];
    let forwarded = 0;
    let refused = 0;
    let violations = 0;
    const rows = CONTRACT_REQUESTS.filter((row) => !row.notProxied);
    for (const row of rows) {
      const answer = await send(prism.url, row);
      const refusal = prismRefusal(answer);
      const found = violationsOf(answer.headers).filter((v) => v.location[0] === 'response');
      violations += found.length;
      if (found.length > 0) problems.push(`${describeRow(row)}: ${found.map((v) => `${v.location.join('.')} ${v.message}`).join('; ')}`);
      else if (row.refused && !refusal) problems.push(`${describeRow(row)}: the document allows a request the service refuses (${answer.status})`);
      else if (!row.refused && refusal) problems.push(`${describeRow(row)}: Prism refused it (${refusal})`);
      else if (!row.refused && answer.status !== row.status) problems.push(`${describeRow(row)}: ${answer.status} through Prism, ${row.status} expected`);
      if (refusal) refused++;
      else forwarded++;
    }
    console.log(`Prism over ${rows.length} of ${CONTRACT_REQUESTS.length} requests: ${forwarded} forwarded, ${refused} refused by the document, ${violations} response violations`);
    expect(problems).toEqual([]);
  });
});
