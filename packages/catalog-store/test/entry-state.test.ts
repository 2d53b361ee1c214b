import { toErrorEntry, type ErrorEntry } from '@companion/schema';
import { nextState, resolveEntry, upgradeState, DECIDED_FIELDS, type EntryState } from '../src/entry-state';

const file = (fields: Partial<ErrorEntry> = {}): ErrorEntry => ({ ...toErrorEntry({ Flag: 'TLS4002', Info: 'Untrusted certificate.', Solution: ['Add the CA.'], severity: 'high' }), ...fields });
const patched = (base: ErrorEntry, fields: Partial<ErrorEntry>) => ({ ...base, ...fields, updated_at: '2026-11-27T00:00:00.000000Z' });

describe('the merge of a file and the API state', () => {
  const base = file();
  // The API set severity low against the file as it was (seq 5).
  const state = nextState(patched(base, { severity: 'low' }), ['severity'], base, undefined, 0, 0);

  it('records only what the change decided, with the base it was decided against', () => {
    expect(state.fields).toEqual({ severity: { base: 'high' } });
  });

  it('merges changes of different fields, in whichever order they came', () => {
    const pulled = file({ notes: 'From a pull request.' });
    expect(resolveEntry('TLS4002', state, 5, pulled, 0)).toMatchObject({ entry: { severity: 'low', notes: 'From a pull request.' }, conflict: null, pending: true });
    expect(resolveEntry('TLS4002', state, 5, base, 0).entry).toMatchObject({ severity: 'low', notes: null });
  });

  it('serves the repository on a conflict, with both values, and nothing once both agree', () => {
    expect(resolveEntry('TLS4002', state, 5, file({ severity: 'critical' }), 0)).toMatchObject({
      entry: { severity: 'critical' },
      conflict: { flag: 'TLS4002', kind: 'field', fields: [{ field: 'severity', repository: 'critical', api: 'low' }], seq: 5 },
    });
    expect(resolveEntry('TLS4002', state, 5, file({ severity: 'low' }), 0)).toMatchObject({ conflict: null, pending: false });
  });

  it('leaves decisions at or before the exported seq to the files', () => {
    expect(resolveEntry('TLS4002', state, 5, file({ severity: 'medium' }), 5)).toMatchObject({ entry: { severity: 'medium' }, conflict: null, pending: false });
  });

  it('keeps an earlier decision (its base and seq) through a change of another field', () => {
    const later = nextState(patched(base, { severity: 'critical', notes: 'Checked.' }), ['notes'], file({ severity: 'critical' }), state, 5, 0);
    expect(later.fields).toEqual({ severity: { base: 'high', since: 5 }, notes: { base: null } });
    expect(later.value?.severity).toBe('low'); // the API's side of the open conflict is not lost
    expect(resolveEntry('TLS4002', later, 9, file({ severity: 'critical' }), 5).entry).toMatchObject({ severity: 'critical', notes: 'Checked.' });
  });

  it('treats existence like a field: deleted on one side and edited on the other is a conflict', () => {
    const deleted = nextState(null, DECIDED_FIELDS, base, undefined, 0, 0);
    expect(resolveEntry('TLS4002', deleted, 3, base, 0)).toMatchObject({ entry: undefined, conflict: null });
    expect(resolveEntry('TLS4002', deleted, 3, file({ notes: 'Still needed.' }), 0)).toMatchObject({ entry: { notes: 'Still needed.' }, conflict: { kind: 'edited-in-repository-deleted-through-api' } });
    expect(resolveEntry('TLS4002', state, 5, undefined, 0)).toMatchObject({ entry: undefined, conflict: { kind: 'deleted-in-repository-edited-through-api' } });
    const created = nextState(file({ Flag: 'NEW1' }), DECIDED_FIELDS, undefined, undefined, 0, 0);
    expect(resolveEntry('NEW1', created, 7, undefined, 0).entry).toMatchObject({ Flag: 'NEW1' });
    expect(resolveEntry('NEW1', created, 7, file({ Flag: 'NEW1', Info: 'Added in a pull request.' }), 0).conflict).toMatchObject({ kind: 'added-on-both-sides', fields: [{ field: 'Info' }] });
  });

  it('reads a state written before entries had messages as having none, decided with its other fields', () => {
    const { messages: _none, ...old } = file({ Flag: 'OLD1' });
    const oldFields = Object.fromEntries(DECIDED_FIELDS.filter((field) => field !== 'messages').map((field) => [field, {}]));
    const created = upgradeState({ value: old, fields: oldFields } as unknown as EntryState);
    expect(resolveEntry('OLD1', created, 4, undefined, 0)).toMatchObject({ entry: { Flag: 'OLD1', messages: [] }, conflict: null, pending: true });
    const edited = upgradeState({ value: { ...base, severity: 'low', messages: undefined }, fields: { severity: { base: 'high' } } } as unknown as EntryState);
    const withMessages = file({ messages: ['x509: certificate signed by unknown authority'] });
    expect(resolveEntry('TLS4002', edited, 5, withMessages, 0)).toMatchObject({ entry: { severity: 'low', messages: ['x509: certificate signed by unknown authority'] }, conflict: null });
  });
});
