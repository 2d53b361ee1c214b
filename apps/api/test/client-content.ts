import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHIPPED_CONTENT, startServer, type TestServer } from './server';

/**
 * The shipped content plus what reaches clients selectively: a notice for Windows clients of
 * 1.9-1.10 on the stable channel, one for macOS, German translations of notices 10 and 900 and of release
 * 1.11.2, a critical 1.11.1, a 1.12.0 rolled out to 30% with builds for
 * macos-arm64 and windows-x64 only, and a minimum supported 1.9.1.
 */
export const CLIENT_FILES: Record<string, string> = {
  'notices/900-windows-proxy-fix.md': `---
id: 900
active: true
date: 2026-11-20
priority: 500
summary: Windows clients before 1.11 lose the proxy setting on restart; update to 1.11.2.
type: update
audience:
  versions: ">=1.9.0 <1.11.0"
  platforms: [windows]
  channels: [stable]
---
Update to **1.11.2**: the proxy setting is kept on restart.
`,
  'notices/901-macos-sonoma.md': `---
id: 901
active: true
date: 2026-11-21
priority: 400
summary: macOS clients need to allow the network extension again after updating macOS.
type: notice
audience:
  platforms: [macos]
---
Open **System Settings → Privacy & Security** and allow the extension.
`,
  'notices/10-holiday-support-hours.de.md': `---
id: 10
date: 2026-11-17
summary: Der Support antwortet zwischen dem 20. Dezember und dem 4. Januar langsamer.
---
# Support über die Feiertage

Zwischen dem **20. Dezember 2026** und dem **4. Januar 2027** beantworten wir Anfragen innerhalb von
**zwei Werktagen**.
`,
  'notices/900-windows-proxy-fix.de.md': `---
id: 900
date: 2026-11-20
summary: Windows-Clients vor 1.11 verlieren beim Neustart die Proxy-Einstellung; aktualisieren Sie auf 1.11.2.
---
Aktualisieren Sie auf **1.11.2**: die Proxy-Einstellung bleibt beim Neustart erhalten.
`,
  'changelog/stable/1.11.2.de.yaml': `version: 1.11.2
date: 2026-10-01
description: Wartungsversion
changes:
  - Behebt offene Dateideskriptoren beim TLS-Handshake.
  - Behebt PROXY-Protokoll-v2-Kopfzeilen für IPv6-Besucher.
  - Behebt eine falsche Meldung von \`tunnel doctor\` zu Port 7000.
  - Aktualisierte CA-Zertifikate und QUIC-Bibliothek.
`,
  'changelog/stable/1.12.0.yaml': `version: 1.12.0
date: 2026-11-24
description: Faster reconnects
changes:
  - Reconnect within a second after the network comes back.
rollout: 30
notes_url: https://tunnel-companion.example/changelog/1.12.0
artifacts:
  - platform: macos-arm64
    url: https://downloads.tunnel-companion.example/1.12.0/TunnelCompanion-1.12.0-macos-arm64.zip
    size: 4096
    sha512: ${'a'.repeat(128)}
    minimum_os: "12.0"
  - platform: windows-x64
    url: https://downloads.tunnel-companion.example/1.12.0/TunnelCompanion-1.12.0-windows-x64.exe
    size: 8192
    sha512: ${'b'.repeat(128)}
`,
  'changelog/channels.yaml': `stable:
  minimum_supported: 1.9.1
`,
};

/** A temp copy of the shipped content with CLIENT_FILES added and 1.11.1 marked critical. */
export async function clientContent(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'api-client-content-'));
  await cp(SHIPPED_CONTENT, dir, { recursive: true });
  for (const [file, text] of Object.entries(CLIENT_FILES)) await writeFile(join(dir, file), text);
  const critical = join(dir, 'changelog/stable/1.11.1.yaml');
  const { readFile } = await import('node:fs/promises');
  await writeFile(critical, `${await readFile(critical, 'utf8')}critical: true\n`);
  return dir;
}

/** A server on the fixture for a test file: started before its tests, stopped (its folder removed) after them. */
export function useClientContentServer(): { server: TestServer } {
  const handle = {} as { server: TestServer };
  beforeAll(async () => {
    handle.server = await startServer({ contentDir: await clientContent() });
  });
  afterAll(async () => {
    await handle.server?.close();
    if (handle.server) await rm(handle.server.contentDir, { recursive: true, force: true });
  });
  return handle;
}
