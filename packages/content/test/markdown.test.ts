import { renderMarkdown, renderMarkdownReport } from '../src/markdown';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, links and tables', () => {
    const html = renderMarkdown(
      '# Title\n\n**bold** and [docs](https://example.org)\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.org">docs</a>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>1</td>');
  });

  it('drops raw HTML and script URLs', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onerror');
  });

  it('drops the text of a script or style with its tags, inline and as a block, and says so', () => {
    for (const source of ['Hello <script>alert(1)</script> world', '<script>\nalert(1)\n</script>\n\nHello world', 'Hello <style>p{}</style>world <b>bold</b>']) {
      const { html, rawHtmlRemoved } = renderMarkdownReport(source);
      expect([source, html]).toEqual([source, expect.not.stringMatching(/alert\(1\)|p\{\}|<script|<style|<b>/)]);
      expect(html).toMatch(/Hello/);
      expect(rawHtmlRemoved).toBe(true);
    }
    expect(renderMarkdownReport('Plain **text** and `<code>`').rawHtmlRemoved).toBe(false);
  });
});
