import fc from 'fast-check';

/** The parts of JSON Schema that `z.toJSONSchema` writes for the request bodies. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

const text = (min = 0, max = 40) => fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, Math.max(min, 1) + 60), unit: 'grapheme' });

/** Values a schema accepts (mostly: trimming rules and cross-field rules are left to the server). */
export function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(valueOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1e9));
      return text(schema.minLength, schema.maxLength);
    case 'integer':
      return fc.integer({ min: -5, max: 1000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, valueOf(s)])),
        { requiredKeys: required.filter((name) => name in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Deeply nested arrays or objects, as JSON text (deeper than any valid body). */
const deepNesting = fc.record({ depth: fc.integer({ min: 30, max: 20_000 }), object: fc.boolean() }).map(({ depth, object }) =>
  object ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth),
);

/** A value of the wrong kind for any field. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constant(1e308),
  fc.constant(-0),
  fc.string({ maxLength: 5 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.constant('x'.repeat(70_000)),
);

/** Strings that have broken parsers before: surrogates, NUL, traversal, huge numbers, markup. */
export const hostileString = fc.constantFrom(
  '\ud800',
  'a\udfffb',
  '\u0000',
  '../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  '${7*7}',
  '<script>alert(1)</script>',
  '\u202e\u2066',
  '123456789012345678901234567890',
  'COM1',
  'LPT1',
  ' ',
);

/** JSON text of a body for `schema`: valid, or valid with one mutation, or hostile text. */
export function bodyText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const valid = schema ? valueOf(schema) : fc.jsonValue({ maxDepth: 2 });
  const mutated = fc
    .tuple(valid, fc.string({ maxLength: 12 }), fc.oneof(wrongValue, hostileString))
    .map(([value, key, replacement]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return replacement;
      const keys = Object.keys(value);
      const target = keys.length > 0 && key.length % 2 === 0 ? keys[key.length % keys.length]! : key;
      return { ...(value as object), [target]: replacement };
    });
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: mutated.map((v) => JSON.stringify(v) ?? 'null') },
    // Keys that pollute prototypes, written as raw text so JSON.stringify cannot drop them.
    { weight: 2, arbitrary: fc.tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype')).map(([v, key]) => {
      const inner = JSON.stringify(v);
      const extra = `"${key}":{"polluted":true,"prototype":{"polluted":true}}`;
      return inner?.startsWith('{') && inner !== '{}' ? `{${extra},${inner.slice(1)}` : `{${extra}}`;
    }) },
    { weight: 1, arbitrary: valid.map((v) => { const t = JSON.stringify(v); return t?.startsWith('{"') ? t.replace(/^\{("[^"]+":)/, '{$1"dup",$1') : t ?? 'null'; }) },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'nul', '[1,]', '1e99999', '"\\ud800"', '{"Info":"\\udc00"}', '\u0000', '{"a":1}garbage', 'x'.repeat(70_000)) },
  );
}
