import { startLiveService, type LiveService } from '../scripts/live-service';
import { createClient, type CompanionClient } from '../src/index';

// updateCheck and notices against the real service, over content that targets, translates and
// stages: what the client sends must select what the service documents.
const FILES = {
  'notices/900-windows-proxy-fix.md': `---
id: 900
active: true
date: 2026-11-20
priority: 500
summary: Windows clients before 1.11 lose the proxy setting on restart.
type: update
audience:
  versions: ">=1.9.0 <1.11.0"
  platforms: [windows]
  channels: [stable]
---
Update to **1.11.2**.
`,
  'notices/900-windows-proxy-fix.de.md': `---
id: 900
date: 2026-11-20
summary: Windows-Clients vor 1.11 verlieren beim Neustart die Proxy-Einstellung.
---
Aktualisieren Sie auf **1.11.2**.
`,
  'changelog/stable/1.12.0.yaml': `version: 1.12.0
date: 2026-11-24
description: Faster reconnects
changes:
  - Reconnect within a second after the network comes back.
rollout: 50
`,
};

let service: LiveService;
let client: CompanionClient;
beforeAll(async () => {
  service = await startLiveService({}, FILES);
  client = createClient({ baseUrl: service.url });
}, 60_000);
afterAll(() => service?.stop());

const ids = (result: Awaited<ReturnType<CompanionClient['notices']>>) => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.body.data.map((n) => n.id);
};

describe('notices({ version, platform, channel, lang })', () => {
  it('returns the notices meant for the client, and only those', async () => {
    expect(ids(await client.notices({ version: '1.9.5', platform: 'windows', channel: 'stable' }))).toContain(900);
    expect(ids(await client.notices({ version: '1.9.5', platform: 'macos', channel: 'stable' }))).not.toContain(900);
    expect(ids(await client.notices({ version: '1.11.2', platform: 'windows', channel: 'stable' }))).not.toContain(900);
    expect(ids(await client.notices({ version: '1.9.5', platform: 'windows', channel: 'preview' }))).not.toContain(900);
  });

  it('returns them in the language asked for, saying which', async () => {
    const result = await client.notices({ version: '1.9.5', platform: 'windows', lang: 'de' });
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    expect(result.body.data.find((n) => n.id === 900)).toMatchObject({ lang: 'de', summary: 'Windows-Clients vor 1.11 verlieren beim Neustart die Proxy-Einstellung.' });
  });

  it('returns a malformed version as the API error it is', async () => {
    const result = await client.notices({ version: 'one.two' });
    expect(!result.ok && result.error.kind === 'api' && [result.error.status, result.error.code]).toEqual([400, 'BAD_PARAMETER']);
  });
});

describe('updateCheck({ version, channel, installId })', () => {
  it('gives each install the same answer every time, and the rollout to a share of installs', async () => {
    const latestFor = async (installId: string) => {
      const result = await client.updateCheck({ version: '1.11.2', installId });
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      return result.body.data.latest;
    };
    const installs = Array.from({ length: 24 }, (_, i) => `install-${i}`);
    const first = await Promise.all(installs.map(latestFor));
    expect(await Promise.all(installs.map(latestFor))).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['1.12.0', '1.11.2']));
    // Without an id (a client told not to obtain one), a release in a partial rollout is neither offered nor listed; with one in its share, both.
    const anonymous = await createClient({ baseUrl: service.url, autoInstallId: false }).updateCheck({ version: '1.11.2' });
    expect(anonymous.ok && [anonymous.body.data.latest, Object.keys(anonymous.body.data.releases)]).toEqual(['1.11.2', []]);
    const inShare = await client.updateCheck({ version: '1.11.2', installId: installs[first.indexOf('1.12.0')]! });
    expect(inShare.ok && [inShare.body.data.latest, Object.keys(inShare.body.data.releases)]).toEqual(['1.12.0', ['1.12.0']]);
  });
});
