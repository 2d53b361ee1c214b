/** Markup that is already safe to write: made only by `xml` and `cdata`, never from a plain string. */
export class Xml {
  readonly #text: string;
  private constructor(text: string) {
    this.#text = text;
  }
  /** @internal */
  static trusted(text: string): Xml {
    return new Xml(text);
  }
  toString(): string {
    return this.#text;
  }
}

type Interpolated = string | number | Xml | readonly Xml[] | undefined | null | false;

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * XML from a template: every interpolated string or number is escaped for text and quoted
 * attributes alike, markup made by `xml` or `cdata` goes in as it is, a list of them joined, and
 * `undefined`, `null` and `false` write nothing (for optional elements).
 */
export function xml(strings: TemplateStringsArray, ...values: Interpolated[]): Xml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    if (value instanceof Xml) out += value.toString();
    else if (Array.isArray(value)) out += value.map(String).join('');
    else if (value !== undefined && value !== null && value !== false) out += escapeXml(String(value));
    out += strings[i + 1]!;
  });
  return Xml.trusted(out);
}

/** A CDATA section holding `text` as it is (a `]]>` inside is split across two sections). */
export const cdata = (text: string): Xml => Xml.trusted(`<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`);
