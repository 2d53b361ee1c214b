// Provides the programs the test suites drive: Chromium (browser tests) and the fonts they lay
// pages out with (tests/test/support/chromium.ts names them), PostgreSQL (the stores'
// PostgreSQL suites and the fleet test), nginx (the caching proxy tests), minisign (Tauri's
// signatures checked by the tool that made the format), Prometheus's promtool (the shipped alert
// rules checked and unit-tested, apps/api/test/alert-rules.test.ts), pgBackRest (the
// point-in-time recovery docs/OPERATIONS.md sets up, tests/test/backup-pitr.test.ts), and jq, curl,
// ip, ps and openssl (the operator docs' blocks and the checks around them, tests/test/operations-docs.test.ts). As root on Debian it
// installs the missing ones with apt-get, waiting for dpkg's lock while another apt-get holds it
// (apt-get.mjs), without starting them as system services (the tests start their own, in temp
// folders); otherwise it names what is missing, and those suites say why they skip or fail.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { aptGetArgs } from './apt-get.mjs';

const postgresInstalled = () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
const tools = [
  { pkg: 'chromium', present: () => Boolean(process.env.CHROMIUM_PATH) || existsSync('/usr/bin/chromium') },
  { pkg: 'fonts-dejavu-core', present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf') },
  { pkg: 'fonts-liberation', present: () => existsSync('/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf') },
  { pkg: 'postgresql', present: () => Boolean(process.env.PG_BIN) || postgresInstalled() },
  { pkg: 'nginx', present: () => Boolean(process.env.NGINX_PATH) || existsSync('/usr/sbin/nginx') },
  { pkg: 'minisign', present: () => existsSync('/usr/bin/minisign') },
  { pkg: 'prometheus', present: () => existsSync('/usr/bin/promtool') },
  { pkg: 'jq', present: () => existsSync('/usr/bin/jq') },
  { pkg: 'curl', present: () => existsSync('/usr/bin/curl') },
  { pkg: 'iproute2', present: () => existsSync('/usr/sbin/ip') || existsSync('/sbin/ip') || existsSync('/usr/bin/ip') },
  { pkg: 'procps', present: () => existsSync('/usr/bin/ps') || existsSync('/bin/ps') },
  { pkg: 'openssl', present: () => existsSync('/usr/bin/openssl') },
  { pkg: 'pgbackrest', present: () => existsSync('/usr/bin/pgbackrest') },
];

const missing = tools.filter((tool) => !tool.present()).map((tool) => tool.pkg);
if (missing.length > 0) {
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(`the tests need ${missing.join(', ')}: install them (Debian/Ubuntu: sudo apt-get install -y ${missing.join(' ')}); the suites that drive them skip or fail saying so`);
  } else {
    console.error(`installing Debian's ${missing.join(', ')} for the tests (apt-get) ...`);
    const policy = '/usr/sbin/policy-rc.d';
    const ownPolicy = !existsSync(policy);
    // exit 101 tells Debian's maintainer scripts not to start the services they install.
    if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
    try {
      execFileSync('apt-get', aptGetArgs(['update']), { stdio: 'inherit' });
      execFileSync('apt-get', aptGetArgs(['install', '-y', '--no-install-recommends', ...missing]), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch (error) {
      console.error(`installing ${missing.join(', ')} failed: ${error.message}`);
    } finally {
      if (ownPolicy) rmSync(policy, { force: true });
    }
  }
}
