import type { z } from 'zod';

// zod's own messages ("Invalid option: expected one of ...", "Too small: expected string to have
// >=1 characters") are written for developers. Content files and API bodies are judged by the
// same schemas, so both get the same wording: what was expected, then what was found.

/** A value as a problem message shows it: `text "yes"`, `number 1.4`, `a list of 3`. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'a set of fields';
  if (typeof value === 'string') return value === '' ? 'empty text' : `text ${quote(value)}`;
  return `${typeof value === 'boolean' ? '' : `${typeof value} `}${String(value)}`;
}

function quote(text: string): string {
  const json = JSON.stringify(text);
  return json.length > 60 ? `${json.slice(0, 56)}..."` : json;
}

const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
  null: 'null',
};
const kind = (expected: string) => KIND[expected] ?? expected;

function size(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, found: unknown): string {
  const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const atLeast = issue.code === 'too_small';
  const exact = 'exact' in issue && issue.exact;
  const word = exact ? 'exactly' : atLeast ? 'at least' : 'at most';
  switch (issue.origin) {
    case 'string':
      if (atLeast && bound === 1) return `expected text that is not blank; found ${typeof found === 'string' && found !== '' ? 'only spaces' : 'empty text'}`;
      return `expected ${word} ${bound} characters; found ${typeof found === 'string' ? found.length : describeValue(found)}`;
    case 'array':
    case 'set':
      return `expected ${word} ${bound} item${bound === 1 ? '' : 's'}; found ${Array.isArray(found) ? found.length : describeValue(found)}`;
    default: {
      const inclusive = issue.inclusive !== false;
      const relation = atLeast ? (inclusive ? `${bound} or more` : `more than ${bound}`) : inclusive ? `${bound} or less` : `less than ${bound}`;
      return `expected ${relation}; found ${describeValue(found)}`;
    }
  }
}

/** The project's wording of one zod issue; `found` is the value at the issue's path. */
export function describeIssue(issue: z.core.$ZodIssue, found: unknown): string {
  // Messages the schemas set themselves already say what was expected.
  const own = issue.message.startsWith('expected ') ? issue.message : null;
  const withFound = (expected: string) => {
    if (/; found /.test(expected)) return expected;
    return found === undefined ? `required field is missing; ${expected}` : `${expected}; found ${describeValue(found)}`;
  };
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; remove it or check its spelling`;
    case 'invalid_type': {
      if (found === undefined) return `required field is missing; expected ${kind(issue.expected)}`;
      // YAML reads 1.10 as the number 1.1 and yes/no as text, which surprises everyone once.
      const hint = issue.expected === 'string' && typeof found === 'number' ? ' (put the value in quotes so it is read as text)' : '';
      return `${withFound(own ?? `expected ${kind(issue.expected)}`)}${hint}`;
    }
    case 'invalid_value':
      return withFound(own ?? `expected ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`}`);
    case 'too_small':
    case 'too_big':
      return own ? withFound(own) : size(issue, found);
    case 'invalid_format':
      return withFound(own ?? `expected ${issue.format === 'regex' ? `text matching ${(issue as { pattern?: string }).pattern ?? 'the pattern'}` : `a valid ${issue.format}`}`);
    case 'not_multiple_of':
      return withFound(own ?? `expected a multiple of ${String(issue.divisor)}`);
    case 'invalid_union':
      return withFound(own ?? 'expected a value of one of the accepted kinds');
    default:
      return withFound(own ?? `expected a valid value (${issue.message})`);
  }
}
