import { addressSpans, AT_WRITINGS, foldText } from '../src';

describe('text as an address in it is compared', () => {
  it('reads composed and decomposed letters, fullwidth forms, format characters and %40 alike', () => {
    const jorg = foldText('jörg@exämple.de').text;
    expect(foldText('jo\u0308rg@exa\u0308mple.de').text).toBe(jorg);
    expect(foldText('JÖRG@EXÄMPLE.DE').text).toBe(jorg);
    expect(foldText('ｐａｔ＠ｅｘａｍｐｌｅ．ｏｒｇ').text).toBe('pat@example.org');
    expect(foldText('pa\u200Bt%40exam\u00ADple.org').text).toBe('pat@example.org');
  });

  it('maps each folded unit to the whole character it came from', () => {
    const folded = foldText('a\u0308%40');
    expect(folded.text).toBe('a\u0308@');
    expect([folded.from, folded.to]).toEqual([
      [0, 0, 2],
      [2, 2, 5],
    ]);
  });

  it('AT_WRITINGS lists every character whose fold holds an @', () => {
    // Every character once, each after a space (so none joins its neighbour's cluster), folded in one pass.
    let all = '';
    for (let point = 0; point <= 0x10ffff; point++) if (point < 0xd800 || point > 0xdfff) all += ` ${String.fromCodePoint(point)}`;
    const folded = foldText(all);
    const found = new Set<string>();
    for (let at = folded.text.indexOf('@'); at >= 0; at = folded.text.indexOf('@', at + 1)) found.add(all.slice(folded.from[at]!, folded.to[at]!).trim());
    expect([...found].sort()).toEqual(AT_WRITINGS.filter((sign) => sign.length === 1).sort());
    expect(AT_WRITINGS).toContain('%40');
  });

  it('finds an address in any script and form, and nothing else', () => {
    const text = 'mail ｐａｔ＠ｅｘａｍｐｌｅ．ｃｏｍ or pat%40example.org, jo\u0308rg@exa\u0308mple.de; not pat at example.org nor @home';
    expect(addressSpans(text).map(([start, end]) => text.slice(start, end))).toEqual(['ｐａｔ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'pat%40example.org', 'jo\u0308rg@exa\u0308mple.de']);
  });
});
