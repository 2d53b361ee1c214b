import { contactWithoutAddress, holdsAddress, withoutAddress } from '../src/address-match';

const ADDRESS = 'pat@example.org';

describe('an address as it is written', () => {
  it.each([
    ['Pat Doe <pat@example.org>', 'Pat Doe <[erased]>'],
    ['PAT@Example.ORG wrote', '[erased] wrote'],
    ['mailto:pat@example.org', 'mailto:[erased]'],
    ['mailto:pat%40example.org?subject=Hi', 'mailto:[erased]?subject=Hi'],
    ['ｐａｔ＠ｅｘａｍｐｌｅ．ｏｒｇ', '[erased]'],
    ['pat﹫example.org', '[erased]'],
    ['𝐩𝐚𝐭@example.org (mathematical bold letters, outside the BMP)', '[erased] (mathematical bold letters, outside the BMP)'],
    ['pa\u200Bt@exam\u00ADple.org', '[erased]'],
    ['two: pat@example.org, Pat@example.org.', 'two: [erased], [erased].'],
    ['pat@example.org\u0301 and more', '[erased] and more'],
  ])('%s', (text, erased) => {
    expect(holdsAddress(text, ADDRESS)).toBe(true);
    expect(withoutAddress(text, ADDRESS)).toBe(erased);
  });

  it('leaves other addresses and text as they were', () => {
    for (const text of ['pat@example.net', 'pat at example.org', 'pat@example', 'ƿat@example.org']) {
      expect(holdsAddress(text, ADDRESS)).toBe(false);
      expect(withoutAddress(text, ADDRESS)).toBe(text);
    }
  });

  it('reads letters composed and decomposed alike, either way round', () => {
    expect(holdsAddress('jo\u0308rg@exa\u0308mple.de', 'jörg@exämple.de')).toBe(true);
    expect(holdsAddress('jörg@exämple.de', 'jo\u0308rg@exa\u0308mple.de')).toBe(true);
    expect(withoutAddress('from JO\u0308RG@exa\u0308mple.de.', 'jörg@exämple.de')).toBe('from [erased].');
    expect(holdsAddress('jorg@example.de', 'jörg@exämple.de')).toBe(false);
  });

  it('makes a contact that was only the address no contact, and keeps the rest of a longer one', () => {
    expect(contactWithoutAddress('pat@example.org', ADDRESS)).toBeNull();
    expect(contactWithoutAddress(' <PAT@example.org> ', ADDRESS)).toBeNull();
    expect(contactWithoutAddress('mailto:pat%40example.org', ADDRESS)).toBeNull();
    expect(contactWithoutAddress('Pat Doe <pat@example.org>', ADDRESS)).toBe('Pat Doe <[erased]>');
    expect(contactWithoutAddress('pat@example.org or +1 555 0100', ADDRESS)).toBe('[erased] or +1 555 0100');
  });
});
