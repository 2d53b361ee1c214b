import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, SHIPPED_CONTENT, startServer } from './server';

describe('/health with many content problems', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('shows the first 50 issues and the total, so it stays small however many there are', async () => {
    dir = await mkdtemp(join(tmpdir(), 'content-'));
    await cp(SHIPPED_CONTENT, dir, { recursive: true });
    for (let i = 1; i <= 120; i++) await writeFile(join(dir, `errors/BROKEN${String(i).padStart(3, '0')}.yaml`), 'Flag: [unclosed\n');
    const server = await startServer({ contentDir: dir });
    try {
      const { status, body } = await call(`${server.url}/health`);
      expect(status).toBe(200);
      expect(body.status).toBe('degraded');
      expect(body.content.issues_total).toBe(server.content.status().issues.length);
      expect(body.content.issues_total).toBeGreaterThanOrEqual(120);
      expect(body.content.issues).toHaveLength(50);
      expect(body.content.issues[0]).toMatchObject({ file: 'errors/BROKEN001.yaml', code: 'YAML_SYNTAX', text: expect.stringContaining('errors/BROKEN001.yaml:') });
    } finally {
      await server.close();
    }
  });
});
