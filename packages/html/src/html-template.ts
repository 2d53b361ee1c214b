import { escapeHtml } from './escape';

const MARKUP = Symbol('markup');

/** Markup: made by `html` (every value in it escaped) or declared as markup by `markup`. */
export interface Html {
  readonly [MARKUP]: string;
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object' && MARKUP in value) return (value as Html)[MARKUP];
  return escapeHtml(value as string | number);
};

/**
 * HTML where every interpolated value is escaped unless it is markup itself, so text from people
 * (a reason, a name, a version) can never become markup by a forgotten call. Lists are joined;
 * null, undefined and booleans render nothing (`${cond && html`...`}`).
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let text = strings[0]!;
  values.forEach((value, i) => (text += render(value) + strings[i + 1]!));
  return { [MARKUP]: text };
}

/** Markup made elsewhere (the layout's fields, the charts), taken as it is. */
export const markup = (text: string): Html => ({ [MARKUP]: text });

/** The text of markup, for the layout. */
export const htmlText = (value: Html): string => value[MARKUP];
