import { parse } from 'yaml';
import { load, type ContentIssue } from '../src/index';
import { copyOfShippedContent } from './tree';

// Translations, audiences, critical releases, rollouts and channels.yaml, on a copy of the shipped
// content: each mistake is reported once, on the file that made it, at the field's line and column.

let tree: Awaited<ReturnType<typeof copyOfShippedContent>>;
beforeEach(async () => {
  tree = await copyOfShippedContent();
});
afterEach(() => tree.cleanup());

const holidayDe = (front = 'id: 10\ndate: 2026-11-17\nsummary: Der Support antwortet langsamer.', body = 'Zwischen dem 20. Dezember und dem 4. Januar antworten wir langsamer.') => `---\n${front}\n---\n${body}\n`;
const releaseDe = (fields = 'version: 1.11.2\ndate: 2025-11-20\ndescription: Fehlerbehebungen\nchanges:\n  - Eins\n  - Zwei\n') => fields;

async function issuesOf(files: Record<string, string>): Promise<{ issues: readonly ContentIssue[]; snapshot: Awaited<ReturnType<typeof load>>['snapshot'] }> {
  for (const [file, text] of Object.entries(files)) await tree.write(file, text);
  const { issues, snapshot } = await load(tree.dir);
  return { issues, snapshot };
}

const shipped = async (file: string) => (await import('node:fs/promises')).readFile(`${tree.dir}/${file}`, 'utf8');

describe('translations', () => {
  it('serves a notice translation and a release translation that match their originals', async () => {
    const original = await shipped('changelog/stable/1.11.2.yaml');
    const changes = (parse(original) as { changes: string[] }).changes.length;
    const date = /^date: (.+)$/m.exec(original)![1];
    const release = `version: 1.11.2\ndate: ${date}\ndescription: Fehlerbehebungen\nchanges:\n${Array.from({ length: changes }, (_, i) => `  - Änderung ${i + 1}\n`).join('')}`;
    const { issues, snapshot } = await issuesOf({ 'notices/10-holiday-support-hours.de.md': holidayDe(), 'changelog/stable/1.11.2.de.yaml': release });
    expect(issues).toEqual([]);
    expect(snapshot.notices.filter((n) => n.id === 10)).toHaveLength(1);
    expect(snapshot.noticeTranslations.get(10)?.get('de')).toMatchObject({ summary: 'Der Support antwortet langsamer.', lang: 'de' });
    expect(snapshot.releaseTranslations.get('stable 1.11.2')?.get('de')).toMatchObject({ description: 'Fehlerbehebungen', changes: expect.arrayContaining(['Änderung 1']) });
  });

  it('reports a translation without an original, on the field that names it', async () => {
    const { issues, snapshot } = await issuesOf({ 'notices/77-gone.de.md': holidayDe('id: 77\ndate: 2026-11-17\nsummary: Weg.'), 'changelog/stable/9.9.9.de.yaml': releaseDe().replace('1.11.2', '9.9.9') });
    expect(issues).toEqual([
      expect.objectContaining({ file: 'changelog/stable/9.9.9.de.yaml', line: 1, column: 10, code: 'TRANSLATION_WITHOUT_ORIGINAL', message: expect.stringContaining('stable release 9.9.9 in changelog/stable/') }),
      expect.objectContaining({ file: 'notices/77-gone.de.md', line: 2, column: 5, code: 'TRANSLATION_WITHOUT_ORIGINAL', message: expect.stringContaining('notice 77') }),
    ]);
    expect(snapshot.noticeTranslations.has(77)).toBe(false);
    expect(snapshot.releaseTranslations.has('stable 9.9.9')).toBe(false);
  });

  it('reports a translation whose id, dates or number of changes disagree with the original', async () => {
    const { issues } = await issuesOf({
      'notices/10-holiday-support-hours.de.md': holidayDe('id: 10\ndate: 2026-11-18\nsummary: Langsamer.\nexpires_at: 2027-01-05T08:00:00Z'),
      'notices/10-holiday.fr.md': holidayDe('id: 11\ndate: 2026-11-17\nsummary: Plus lent.'),
      'changelog/stable/1.11.2.de.yaml': releaseDe('version: 1.11.2\ndate: 2020-01-01\ndescription: Fehlerbehebungen\nchanges:\n  - Eins\n'),
    });
    const text = issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.code} ${i.message}`);
    expect(text).toEqual([
      expect.stringMatching(/^changelog\/stable\/1\.11\.2\.de\.yaml:2:7 TRANSLATION_MISMATCH date: expected \d{4}-\d\d-\d\d as in the original of stable release 1\.11\.2; found 2020-01-01$/),
      expect.stringMatching(/^changelog\/stable\/1\.11\.2\.de\.yaml:5:3 TRANSLATION_MISMATCH changes: expected \d+ changes as in the original of stable release 1\.11\.2; found 1$/),
      'notices/10-holiday-support-hours.de.md:3:7 TRANSLATION_MISMATCH date: expected 2026-11-17 as in the original of notice 10; found 2026-11-18',
      'notices/10-holiday-support-hours.de.md:5:13 TRANSLATION_MISMATCH expires_at: expected 2027-01-04T08:00:00Z as in the original of notice 10; found 2027-01-05T08:00:00Z',
      expect.stringMatching(/^notices\/10-holiday\.fr\.md:2:5 FILE_NAME_MISMATCH id: expected 10 as the file name says; found 11/),
    ]);
  });

  it('reports an unknown language tag, the originals\' own language, and two translations into one language', async () => {
    const { issues } = await issuesOf({
      'notices/10-holiday.xx.md': holidayDe(),
      'notices/10-holiday.en.md': holidayDe(),
      'changelog/stable/1.11.2.zz.yaml': 'version: 1.11.2\nnot_a_field: 1\n',
      'notices/10-a.fr.md': holidayDe(),
      'notices/10-b.fr.md': holidayDe(),
    });
    expect(issues.map((i) => [i.file, i.code])).toEqual([
      ['changelog/stable/1.11.2.zz.yaml', 'SCHEMA_INVALID'],
      ['changelog/stable/1.11.2.zz.yaml', 'SCHEMA_INVALID'],
      ['changelog/stable/1.11.2.zz.yaml', 'SCHEMA_INVALID'],
      ['changelog/stable/1.11.2.zz.yaml', 'UNKNOWN_LANGUAGE'],
      ['changelog/stable/1.11.2.zz.yaml', 'SCHEMA_INVALID'],
      ['notices/10-a.fr.md', 'DUPLICATE_TRANSLATION'],
      ['notices/10-b.fr.md', 'DUPLICATE_TRANSLATION'],
      ['notices/10-holiday.en.md', 'UNKNOWN_LANGUAGE'],
      ['notices/10-holiday.xx.md', 'UNKNOWN_LANGUAGE'],
    ]);
    expect(issues.find((i) => i.file === 'notices/10-holiday.xx.md')!.message).toBe('expected the file name to end in a known language tag such as .de or .pt-BR (language in lower case); found .xx');
  });

  it('serves a translation copied from its original, every field repeated, and refuses one whose repeated field differs', async () => {
    // As Hugo and Astro translators work: copy the file, translate summary and body, keep the rest.
    const original = await shipped('notices/4-config-format-v2.md');
    const copied = original.replace(/^summary: .*$/m, 'summary: Konfigurationsformat v2 ist verfügbar.').replace(/\n---\n[\s\S]*$/, '\n---\n# Konfigurationsformat v2\n\nVersion **1.10.0** führt Format v2 ein.\n');
    const good = await issuesOf({ 'notices/4-config-format-v2.de.md': copied });
    expect(good.issues).toEqual([]);
    expect(good.snapshot.noticeTranslations.get(4)?.get('de')).toMatchObject({ summary: 'Konfigurationsformat v2 ist verfügbar.', repeated: { active: true, priority: 200, type: 'notice', date: '2026-01-20' } });

    const lines = copied.split('\n');
    const line = (field: string) => lines.findIndex((l) => l.startsWith(`${field}:`)) + 1;
    const changed = copied.replace('priority: 200', 'priority: 250').replace('type: notice', 'type: update').replace('active: true', 'active: false');
    const bad = await issuesOf({ 'notices/4-config-format-v2.de.md': changed });
    expect(bad.issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.code} ${i.message}`)).toEqual([
      `notices/4-config-format-v2.de.md:${line('active')}:9 TRANSLATION_MISMATCH active: expected true as in the original of notice 4; found false`,
      `notices/4-config-format-v2.de.md:${line('priority')}:11 TRANSLATION_MISMATCH priority: expected 200 as in the original of notice 4; found 250`,
      `notices/4-config-format-v2.de.md:${line('type')}:7 TRANSLATION_MISMATCH type: expected notice as in the original of notice 4; found update`,
    ]);
    // Not served until it agrees: readers get the original.
    expect(bad.snapshot.noticeTranslations.get(4)?.get('de')).toBeUndefined();
  });

  it('compares a repeated event window as instants and an audience whatever its key order', async () => {
    const original = await shipped('notices/8-control-plane-maintenance-december.md');
    const front = /^---\n([\s\S]*?)\n---/.exec(original)![1]!;
    const event = /^event_starts_at: (.*)$/m.exec(front)![1]!;
    const sameInstant = new Date(Date.parse(event)).toISOString().replace('Z', '+00:00');
    const translated = (fields: string) => `---\n${fields}\n---\nWir aktualisieren die Datenbank.\n`;
    const good = await issuesOf({ 'notices/8-control-plane-maintenance-december.de.md': translated(front.replace(`event_starts_at: ${event}`, `event_starts_at: ${sameInstant}`).replace(/^summary: .*$/m, 'summary: Wartung am 6. Dezember')) });
    expect(good.issues).toEqual([]);
    const moved = front.replace(/^event_ends_at: .*$/m, 'event_ends_at: 2026-12-06T04:00:00Z');
    const bad = await issuesOf({ 'notices/8-control-plane-maintenance-december.de.md': translated(moved) });
    const at = front.split('\n').findIndex((l) => l.startsWith('event_ends_at:')) + 2;
    expect(bad.issues.map((i) => `${i.line}:${i.column} ${i.code} ${i.message}`)).toEqual([
      `${at}:16 TRANSLATION_MISMATCH event_ends_at: expected ${/^event_ends_at: (.*)$/m.exec(front)![1]} as in the original of notice 8; found 2026-12-06T04:00:00Z`,
    ]);
    const audience = await issuesOf({
      'notices/8-control-plane-maintenance-december.de.md': translated(front),
      'notices/900-targeted.md': '---\nid: 900\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: Targeted\ntype: notice\naudience:\n  platforms: [windows]\n  versions: "^1.10.0"\n---\nBody.\n',
      'notices/900-targeted.fr.md': '---\nid: 900\ndate: 2026-05-01\nsummary: Ciblé\naudience:\n  versions: "^1.10.0"\n  platforms: [windows]\n---\nCorps.\n',
    });
    expect(audience.issues).toEqual([]);
  });

  it('judges a translation again when its original changes', async () => {
    await tree.write('notices/10-holiday-support-hours.de.md', holidayDe());
    expect((await load(tree.dir)).issues).toEqual([]);
    const original = await shipped('notices/10-holiday-support-hours.md');
    await tree.write('notices/10-holiday-support-hours.md', original.replace('date: 2026-11-17', 'date: 2026-11-19'));
    expect((await load(tree.dir)).issues).toEqual([expect.objectContaining({ file: 'notices/10-holiday-support-hours.de.md', code: 'TRANSLATION_MISMATCH' })]);
  });
});

describe('audiences, critical releases, rollouts and supported versions', () => {
  const withAudience = (audience: string) => `---\nid: 900\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: Targeted\ntype: notice\naudience:\n${audience}\n---\nBody.\n`;

  it('reads an audience and reports a bad range, platform or channel where it is written', async () => {
    const good = await issuesOf({ 'notices/900-targeted.md': withAudience('  versions: ">=1.9.0 <1.11.0"\n  platforms: [windows, macos]\n  channels: [stable]') });
    expect(good.issues).toEqual([]);
    expect(good.snapshot.notices.find((n) => n.id === 900)!.audience).toEqual({ versions: '>=1.9.0 <1.11.0', platforms: ['windows', 'macos'], channels: ['stable'] });
    const bad = await issuesOf({ 'notices/900-targeted.md': withAudience('  versions: ">=banana"\n  platforms: [windows, beos]\n  channels: [nightly]') });
    expect(bad.issues.map((i) => `${i.line}:${i.column} ${i.code} ${i.message}`)).toEqual([
      '9:13 SCHEMA_INVALID audience.versions: expected a semver range such as ">=1.9.0 <1.11.0" or "^1.10.0"; found ">=banana"',
      '10:24 SCHEMA_INVALID audience.platforms[1]: expected one of "windows", "macos", "linux"; found text "beos"',
      '11:14 SCHEMA_INVALID audience.channels[0]: expected one of "stable", "preview"; found text "nightly"',
    ]);
  });

  it('reads an event window and reports a malformed instant, a window that ends before it starts, or one end alone', async () => {
    const maintenance = (fields: string) => `---\nid: 901\nactive: true\ndate: 2026-05-01\npriority: 5\nsummary: Maintenance\ntype: maintenance\n${fields}\n---\nBody.\n`;
    const good = await issuesOf({ 'notices/901-maintenance.md': maintenance('event_starts_at: 2026-06-01T01:00:00+02:00\nevent_ends_at: 2026-06-01T03:00:00Z') });
    expect(good.issues).toEqual([]);
    expect(good.snapshot.notices.find((n) => n.id === 901)).toMatchObject({ event_starts_at: '2026-06-01T01:00:00+02:00', event_ends_at: '2026-06-01T03:00:00Z' });
    const cases: [string, string][] = [
      ['event_starts_at: 2026-06-01 01:00\nevent_ends_at: 2026-06-01T03:00:00Z', '8:18 SCHEMA_INVALID event_starts_at: expected an ISO 8601 date-time with a zone, e.g. 2026-12-01T02:00:00Z; found text "2026-06-01 01:00"'],
      ['event_starts_at: 2026-06-01T03:00:00Z\nevent_ends_at: 2026-06-01T01:00:00Z', '9:16 SCHEMA_INVALID event_ends_at: expected event_ends_at to be after event_starts_at (2026-06-01T03:00:00Z); found 2026-06-01T01:00:00Z'],
      ['event_ends_at: 2026-06-01T01:00:00Z', '8:16 SCHEMA_INVALID event_ends_at: expected event_starts_at beside event_ends_at (an event window has both ends); found none'],
    ];
    for (const [fields, expected] of cases) {
      const bad = await issuesOf({ 'notices/901-maintenance.md': maintenance(fields) });
      expect(bad.issues.map((i) => `${i.line}:${i.column} ${i.code} ${i.message}`)).toEqual([expected]);
    }
  });

  it('reads critical and rollout on a release, and reports a rollout outside 0..100', async () => {
    const file = 'changelog/stable/1.11.2.yaml';
    const original = await shipped(file);
    const good = await issuesOf({ [file]: `${original}critical: true\nrollout: 25\n` });
    expect(good.issues).toEqual([]);
    expect(good.snapshot.stable.find((r) => r.version === '1.11.2')).toMatchObject({ version: '1.11.2', critical: true, rollout: 25 });
    const lines = original.split('\n').length;
    const bad = await issuesOf({ [file]: `${original}critical: yes\nrollout: 150\n` });
    expect(bad.issues.map((i) => `${i.line}:${i.column} ${i.code} ${i.message}`)).toEqual([
      `${lines}:11 SCHEMA_INVALID critical: expected true or false; found text "yes"`,
      `${lines + 1}:10 SCHEMA_INVALID rollout: expected 100 or less; found number 150`,
    ]);
  });

  it('reads the minimum supported version per channel from changelog/channels.yaml, and reports one that is not a version', async () => {
    const good = await issuesOf({ 'changelog/channels.yaml': 'stable:\n  minimum_supported: 1.9.1\npreview:\n  minimum_supported: 1.12.0-beta.1\n' });
    expect(good.issues).toEqual([]);
    expect(good.snapshot.channels).toEqual({ stable: '1.9.1', preview: '1.12.0-beta.1' });
    const bad = await issuesOf({ 'changelog/channels.yaml': 'stable:\n  minimum_supported: "1.9"\nnightly:\n  minimum_supported: 1.0.0\n' });
    expect(bad.issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.code} ${i.message}`)).toEqual([
      'changelog/channels.yaml:2:22 SCHEMA_INVALID stable.minimum_supported: expected a version such as 1.9.0; found "1.9"',
      'changelog/channels.yaml:3:1 SCHEMA_INVALID nightly: unknown field "nightly"; remove it or check its spelling',
    ]);
    expect(bad.snapshot.channels).toEqual({ stable: null, preview: null });
  });
});
