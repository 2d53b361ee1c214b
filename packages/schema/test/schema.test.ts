import { CalendarDate, closestElementName, describeIssue, ELEMENT_NAMES, EmailInput, ErrorEntryInput, FeedbackInput, formatInstant, formatTimestamp, NoticeFrontMatter, TIMESTAMP_PATTERN } from '../src/index';

describe('timestamps', () => {
  it('formats UTC with exactly six fraction digits and no zone', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 25, 22, 4, 40, 123) * 1000 + 456)).toBe('2026-11-25T22:04:40.123456');
    expect(formatTimestamp(Date.UTC(2026, 0, 1) * 1000)).toBe('2026-01-01T00:00:00.000000');
    expect(formatTimestamp(Date.now() * 1000)).toMatch(TIMESTAMP_PATTERN);
  });

  it('formats stored instants, keeping microseconds and converting zones to UTC', () => {
    expect(formatInstant('2026-01-10T12:00:00Z')).toBe('2026-01-10T12:00:00.000000Z');
    expect(formatInstant('2026-01-10T12:00:00.123456Z')).toBe('2026-01-10T12:00:00.123456Z');
    expect(formatInstant('2026-01-10T14:00:00+02:00')).toBe('2026-01-10T12:00:00.000000Z');
  });
});

describe('request schemas', () => {
  it('accepts a catalogue entry and names each bad field', () => {
    expect(ErrorEntryInput.safeParse({ Flag: 'PORT1', Info: 'x', Solution: ['y'], severity: 'high' }).success).toBe(true);
    const bad = ErrorEntryInput.safeParse({ Flag: 'port1', Info: '', Solution: [], severity: 'urgent', extra: 1 });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.') || i.code);
    expect(paths).toEqual(expect.arrayContaining(['Flag', 'Info', 'Solution', 'severity', 'unrecognized_keys']));
  });

  it('rejects more than 50 solution steps and Flags over 32 characters', () => {
    expect(ErrorEntryInput.safeParse({ Flag: 'A1', Info: 'x', Solution: Array(51).fill('s') }).success).toBe(false);
    expect(ErrorEntryInput.safeParse({ Flag: `A${'1'.repeat(32)}`, Info: 'x', Solution: ['s'] }).success).toBe(false);
  });

  it('rejects blank feedback and defaults its type', () => {
    expect(FeedbackInput.safeParse({ content: '   ' }).success).toBe(false);
    expect(FeedbackInput.parse({ content: ' hi ' })).toEqual({ content: 'hi', type: 'other' });
  });

  it('rejects e-mail subjects with line breaks and more than 10 recipients', () => {
    expect(EmailInput.safeParse({ to: 'a@example.org', subject: 'Hi\r\nBcc: x@example.org', text: 't' }).success).toBe(false);
    expect(EmailInput.safeParse({ to: Array(11).fill('a@example.org'), subject: 'Hi', text: 't' }).success).toBe(false);
    expect(EmailInput.safeParse({ to: 'a@example.org', subject: 'Hi' }).success).toBe(false);
    expect(EmailInput.safeParse({ to: ['a@example.org'], subject: 'Hi', markdown: '# x' }).success).toBe(true);
  });

  it('requires starts_at before expires_at in a notice', () => {
    const base = { id: 1, active: true, date: '2026-01-01', priority: 1, summary: 's', type: 'notice' };
    expect(NoticeFrontMatter.safeParse({ ...base, starts_at: '2026-02-01T00:00:00Z', expires_at: '2026-01-01T00:00:00Z' }).success).toBe(false);
    expect(NoticeFrontMatter.safeParse({ ...base, starts_at: '2026-01-01T00:00:00Z', expires_at: '2026-02-01T00:00:00Z' }).success).toBe(true);
  });
});

describe('problem wording shared by content files and API bodies', () => {
  const first = (result: { success: boolean; error?: { issues: unknown[] } }, found: unknown) =>
    describeIssue(result.error!.issues[0] as Parameters<typeof describeIssue>[0], found);

  it('says what was expected and what was found, never zod’s own text', () => {
    expect(first(FeedbackInput.safeParse({ content: 'x', type: 'idea' }), 'idea')).toBe('expected one of "bug", "suggestion", "question", "other"; found text "idea"');
    expect(first(ErrorEntryInput.safeParse({ Flag: 'A1', Info: 'x', Solution: ['s'], creator: '' }), '')).toBe('expected text that is not blank; found empty text');
    expect(first(ErrorEntryInput.safeParse({ Flag: 'A1', Info: 'x', Solution: ['s'], category: 'Net' }), 'Net')).toBe('expected a lower-case word such as network or auth; found text "Net"');
    expect(first(ErrorEntryInput.safeParse({ Flag: 'A1', Info: 'x' }), undefined)).toBe('required field is missing; expected a list');
  });

  it('refuses Windows device names as Flags', () => {
    for (const flag of ['COM1', 'LPT9', 'COM0']) {
      const result = ErrorEntryInput.safeParse({ Flag: flag, Info: 'x', Solution: ['s'] });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/Windows device name/);
    }
    expect(ErrorEntryInput.safeParse({ Flag: 'COM10', Info: 'x', Solution: ['s'] }).success).toBe(true);
  });

  it('tells a date that does not exist from one written wrongly', () => {
    expect(CalendarDate.safeParse('2024-02-29').success).toBe(true);
    expect(CalendarDate.safeParse('2026-02-29').error!.issues[0]!.message).toMatch(/February 2026 has 28 days/);
    expect(CalendarDate.safeParse('2026-13-01').error!.issues[0]!.message).toMatch(/month 13 does not exist/);
    expect(CalendarDate.safeParse('1.2.2026').error!.issues.map((i) => i.message)).toEqual(['expected a date written YYYY-MM-DD']);
  });

  it('suggests the element a misspelt codename meant', () => {
    expect(closestElementName('Flourine')).toBe('Fluorine');
    expect(closestElementName('Unobtainium')).toBeUndefined();
    expect(ELEMENT_NAMES).toHaveLength(118);
  });
});
