import ICAL from 'ical.js';
import { get, useApiOnContentCopy } from './support/service';

// A notice's event window (a scheduled maintenance) on the real service: in the notice's JSON, as
// an RFC 5545 calendar file read back by ical.js, in the feeds and on the notice's page.
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

// A long summary in several scripts, so folding meets multi-byte characters at the 75-octet edge.
const LONG_EVENT = `---
id: 79
active: true
date: 2026-11-20
priority: 5
summary: "Wartung; Relais ap-southeast, Tokio 東京 und Singapur — Verbindungen brechen kurz ab, bitte erneut verbinden, danke"
type: maintenance
event_starts_at: 2026-12-10T23:30:00+01:00
event_ends_at: 2026-12-11T02:15:00+01:00
---
Line one, with a comma; and a semicolon.
Line two \\ with a backslash.
`;

const service = useApiOnContentCopy((content) => content.write('notices/79-long-event.md', LONG_EVENT));

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('a notice with an event window', () => {
  it('carries the window in its JSON, apart from when it is shown', async () => {
    const { body } = await get(`${service.api.url}/api/notice/8`);
    expect(body.data).toMatchObject({ id: 8, active: true, expires_at: '2026-12-06T03:00:00.000000Z', event_starts_at: '2026-12-06T01:00:00.000000Z', event_ends_at: '2026-12-06T03:00:00.000000Z' });
    expect(Date.parse(body.data.starts_at)).toBeLessThan(Date.parse(body.data.event_starts_at));
    // A notice without one says nothing of it.
    const plain = await get(`${service.api.url}/api/notice/3`);
    expect(plain.body.data).not.toHaveProperty('event_starts_at');
  });

  it('answers a valid iCalendar file: CRLF lines folded at 75 octets, UID, DTSTAMP, DTSTART/DTEND in UTC', async () => {
    for (const [id, start, end] of [
      [8, '20261206T010000Z', '20261206T030000Z'],
      [79, '20261210T223000Z', '20261211T011500Z'],
    ] as const) {
      const res = await fetch(`${service.api.url}/api/notice/${id}/event.ics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const text = await res.text();
      expect(text.endsWith('\r\n')).toBe(true);
      const lines = text.slice(0, -2).split('\r\n');
      expect(lines.filter((line) => line.includes('\n') || line.includes('\r'))).toEqual([]);
      expect(lines.filter((line) => octets(line) > 75)).toEqual([]);
      expect(lines).toEqual(expect.arrayContaining(['BEGIN:VCALENDAR', 'VERSION:2.0', `DTSTART:${start}`, `DTEND:${end}`, `UID:notice-${id}-event@tunnel-companion`]));
      expect(lines.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);

      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
      expect(event.uid).toBe(`notice-${id}-event@tunnel-companion`);
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(`${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 11)}:${start.slice(11, 13)}:${start.slice(13, 15)}Z`).toISOString());
      expect(event.startDate.zone?.tzid).toBe('UTC');
      expect(event.endDate.compare(event.startDate)).toBe(1);

      // A strong ETag and 304, like every GET.
      const tag = res.headers.get('etag')!;
      expect(tag).toMatch(/^"[^"]+"$/);
      expect((await fetch(`${service.api.url}/api/notice/${id}/event.ics`, { headers: { 'If-None-Match': tag } })).status).toBe(304);
    }
    // Folded lines unfold to the text as written: the long summary in several scripts, the escapes.
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await (await fetch(`${service.api.url}/api/notice/79/event.ics`)).text())).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Wartung; Relais ap-southeast, Tokio 東京 und Singapur — Verbindungen brechen kurz ab, bitte erneut verbinden, danke');
    expect(event.description).toBe('Line one, with a comma; and a semicolon.\nLine two \\ with a backslash.');
  });

  it('answers 404 NOTICE_NOT_FOUND, as JSON, for a notice without a window or an unknown id', async () => {
    for (const [id, says] of [
      [3, 'Notice 3 announces no event (it has no event window).'],
      [99999, 'No notice has id 99999.'],
    ] as const) {
      const { status, body } = await get(`${service.api.url}/api/notice/${id}/event.ics`, 'text/calendar');
      expect([status, body.error.code, body.error.message]).toEqual([404, 'NOTICE_NOT_FOUND', says]);
    }
  });

  it('shows the window on the notice page and in the feeds, with the calendar link', async () => {
    const page = await get(`${service.api.url}/notices/8`, HTML_ACCEPT);
    expect(page.text).toContain('<span class="event-label">Maintenance window</span> <span class="event-span"><time datetime="2026-12-06T01:00:00.000000Z">Sun 6 Dec 2026, 01:00</time>–<time datetime="2026-12-06T03:00:00.000000Z">03:00</time> UTC</span>');
    expect(page.text).toContain('href="/api/notice/8/event.ics"');
    const json = JSON.parse((await get(`${service.api.url}/feeds/notices.json`, 'application/feed+json')).text);
    const item = json.items.find((i: { id: string }) => i.id.endsWith('/api/notice/8'));
    expect(item.attachments).toEqual([{ url: `${service.api.url}/api/notice/8/event.ics`, mime_type: 'text/calendar', title: 'Add to calendar' }]);
    expect(item.content_html).toContain('Maintenance window');
    const atom = (await get(`${service.api.url}/feeds/notices.atom`, 'application/atom+xml')).text;
    expect(atom).toContain(`${service.api.url}/api/notice/8/event.ics`);
  });
});
