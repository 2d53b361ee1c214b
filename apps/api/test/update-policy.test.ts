import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useClientContentServer } from './client-content';
import { call, expectEnvelope, expectError } from './server';

// What the update check tells a client to do: critical releases, the minimum supported version
// (changelog/channels.yaml) and staged rollouts, over real files and real HTTP. The fixture ships
// a critical 1.11.1, a 1.12.0 rolled out to 30% and a minimum supported 1.9.1 on stable.

const served = useClientContentServer();

const since = async (path: string, headers: Record<string, string> = {}) => expectEnvelope((await call(served.server.url + path, { headers })).body, false);
const installs = Array.from({ length: 500 }, (_, i) => `install-${i}`);
const offered = async (id: string) => (await since(`/api/changelog/since/1.11.2?install_id=${id}`)).latest === '1.12.0';
/** Asks for every install, a few at a time (a thousand requests at once starve a shared machine). */
async function offeredToEach(ids: readonly string[]): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let i = 0; i < ids.length; i += 25) answers.push(...(await Promise.all(ids.slice(i, i + 25).map(offered))));
  return answers;
}

/** Rewrites a release file and waits for the service to serve it. */
async function setRelease(version: string, extra: string): Promise<void> {
  const file = `changelog/stable/${version}.yaml`;
  const text = (await readFile(join(served.server.contentDir, file), 'utf8')).replace(/^(critical|rollout):.*\n/gm, '');
  await writeFile(join(served.server.contentDir, file), `${text}${extra}`);
  await served.server.content.refresh([file]);
}

describe('critical updates and the minimum supported version', () => {
  it('says an update is critical when a newer release is critical', async () => {
    const data = await since('/api/changelog/since/1.11.0');
    expect(data).toMatchObject({ current: '1.11.0', critical: true, minimum_supported: '1.9.1', latest: '1.11.2', up_to_date: false });
    expect(data.releases['1.11.1']).toMatchObject({ critical: true });
    expect(await since('/api/changelog/since/1.11.1')).toMatchObject({ critical: false, up_to_date: false });
  });

  it('says an update is critical when the version is below the minimum supported', async () => {
    // The shipped 1.9.1 is critical too; the minimum alone decides below (a minimum of 1.12.0 for 1.11.2).
    expect((await since('/api/changelog/since/1.9.0')).releases['1.9.1']).toMatchObject({ critical: true });
    expect(await since('/api/changelog/since/1.9.0')).toMatchObject({ critical: true, minimum_supported: '1.9.1' });
    expect(await since('/api/changelog/since/1.9.1')).toMatchObject({ critical: true }); // 1.11.1 is newer and critical
  });

  it('never calls an update critical that no client can install: a minimum held back in a rollout is reported instead', async () => {
    const channels = join(served.server.contentDir, 'changelog/channels.yaml');
    const shipped = await readFile(channels, 'utf8');
    try {
      // 1.12.0 is rolled out to 30%: a client outside that share has nothing to move to.
      await writeFile(channels, shipped.replace('1.9.1', '1.12.0'));
      await served.server.content.refresh(['changelog/channels.yaml']);
      expect(await since('/api/changelog/since/1.11.2')).toMatchObject({ minimum_supported: '1.12.0', critical: false, up_to_date: true, latest: '1.11.2' });
      const health = (await call(`${served.server.url}/health`)).body;
      expect(health.content.issues).toEqual([expect.objectContaining({ file: 'changelog/channels.yaml', code: 'MINIMUM_NOT_OFFERED', line: 2, message: expect.stringContaining('rolled out to 30% of installs') })]);
      // An install in the rollout's share is offered 1.12.0: for it the update is critical.
      const inShare = installs[(await offeredToEach(installs.slice(0, 50))).indexOf(true)];
      expect(await since(`/api/changelog/since/1.11.2?install_id=${inShare}`)).toMatchObject({ latest: '1.12.0', critical: true });
    } finally {
      await writeFile(channels, shipped);
      await served.server.content.refresh(['changelog/channels.yaml']);
    }
    expect((await call(`${served.server.url}/health`)).body.content.issues).toEqual([]);
  });

  it('answers minimum_supported null on a channel that declares none', async () => {
    expect(await since('/api/changelog/preview/since/2.0.0-alpha.1')).toMatchObject({ critical: false, minimum_supported: null, up_to_date: true });
  });
});

describe('staged rollouts', () => {
  it('neither lists nor offers a release in a partial rollout without an install id', async () => {
    const data = await since('/api/changelog/since/1.11.2');
    expect(data).toMatchObject({ latest: '1.11.2', up_to_date: true, critical: false, releases: {} });
    const older = await since('/api/changelog/since/1.11.1');
    expect(older).toMatchObject({ latest: '1.11.2', up_to_date: false });
    expect(Object.keys(older.releases)).toEqual(['1.11.2']);
  });

  it('offers it to a stable share of installs, the same install always getting the same answer', async () => {
    const first = await offeredToEach(installs);
    const share = first.filter(Boolean).length / installs.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    expect(await offeredToEach(installs.slice(0, 200))).toEqual(first.slice(0, 200));
    const yes = installs[first.indexOf(true)]!;
    const offeredData = await since(`/api/changelog/since/1.11.2?install_id=${yes}`);
    expect(offeredData).toMatchObject({ latest: '1.12.0', up_to_date: false });
    expect(offeredData.releases['1.12.0']).toMatchObject({ rollout: 30 }); // listed, with its percentage
    const no = installs[first.indexOf(false)]!;
    const notOffered = await since(`/api/changelog/since/1.11.1?install_id=${no}`);
    expect(notOffered).toMatchObject({ latest: '1.11.2', up_to_date: false });
    expect(Object.keys(notOffered.releases)).toEqual(['1.11.2']); // 1.12.0 is not this install's: left out
  }, 120_000);

  it('only adds installs when the percentage is raised, and a critical release ignores the rollout', async () => {
    const at30 = await offeredToEach(installs);
    await setRelease('1.12.0', 'rollout: 60\n');
    const at60 = await offeredToEach(installs);
    at30.forEach((was, i) => was && expect(at60[i]).toBe(true));
    expect(at60.filter(Boolean).length).toBeGreaterThan(at30.filter(Boolean).length + 100);
    await setRelease('1.12.0', 'rollout: 0\n');
    expect((await offeredToEach(installs.slice(0, 100))).some(Boolean)).toBe(false);
    await setRelease('1.12.0', 'rollout: 0\ncritical: true\n');
    expect(await since('/api/changelog/since/1.11.2')).toMatchObject({ latest: '1.12.0', up_to_date: false, critical: true });
    await setRelease('1.12.0', 'rollout: 30\n');
  }, 120_000);

  it('refuses a malformed install id or language with 400 BAD_PARAMETER', async () => {
    for (const query of ['install_id=', 'install_id=has%20space', `install_id=${'x'.repeat(129)}`, 'lang=1', 'install_id=a&install_id=b']) {
      expectError(await call(`${served.server.url}/api/changelog/since/1.11.2?${query}`), 400, 'BAD_PARAMETER');
    }
  });
});

describe('update checks in the client language', () => {
  it('translates the release notes and says so in Content-Language', async () => {
    // An install in 1.12.0's share, so the answer lists it too (untranslated).
    const inShare = installs[(await offeredToEach(installs.slice(0, 50))).indexOf(true)];
    const res = await call(`${served.server.url}/api/changelog/since/1.11.1?lang=de&install_id=${inShare}`);
    const data = expectEnvelope(res.body, false);
    expect(data.releases['1.11.2']).toMatchObject({ description: 'Wartungsversion', lang: 'de' });
    expect(data.releases['1.12.0']).toMatchObject({ lang: 'en', rollout: 30 });
    expect(res.headers.get('content-language')).toBe('de, en');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });
});
