import { describeIssue } from '@companion/schema';
import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { ApiError } from './errors';

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const step of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

/**
 * Validates a request body with a schema; 422 with one detail per bad field, worded as content
 * problems are (what was expected, what was found). `path` is dotted (`Solution.2`); `""` is
 * the body as a whole.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details = result.error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: 'unknown field; remove it or check its spelling' }));
    }
    return [{ path, message: describeIssue(issue, valueAt(body, issue.path)) }];
  });
  throw new ApiError('VALIDATION_FAILED', undefined, details);
}

/** A path parameter that must match `pattern`; anything else (slashes, dots, junk) is 400. */
export function pathParam(req: Pick<Request, 'params'>, name: string, pattern: RegExp, maxLength: number, expected: string): string {
  const value = req.params[name];
  if (typeof value !== 'string' || value.length > maxLength || !pattern.test(value)) {
    throw new ApiError('BAD_PARAMETER', `Parameter ${name}: expected ${expected}.`, [{ path: name, message: `expected ${expected}` }]);
  }
  return value;
}

export function badQuery(name: string, expected: string): ApiError {
  return new ApiError('BAD_PARAMETER', `Query parameter ${name}: expected ${expected}.`, [{ path: name, message: `expected ${expected}` }]);
}

const pass: RequestHandler = (_req, _res, next) => next();

/** 400 for query parameters a route does not take (its `query`), unless it ignores them. */
export function onlyQuery(route: { query?: Record<string, z.ZodType>; unknownQuery?: 'ignore' }): RequestHandler {
  if (route.unknownQuery === 'ignore') return pass;
  const allowed = Object.keys(route.query ?? {});
  return (req, _res, next) => {
    const unknown = Object.keys(req.query as object).filter((name) => !allowed.includes(name));
    if (unknown.length > 0) {
      const expected = allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no query parameters';
      throw new ApiError('BAD_PARAMETER', `Unknown query parameter ${unknown.map((n) => JSON.stringify(n)).join(', ')}; this route takes ${expected}.`, unknown.map((path) => ({ path, message: 'unknown query parameter' })));
    }
    next();
  };
}

/** A single optional query string value; repeated parameters are 400. */
export function queryString(req: Pick<Request, 'query'>, name: string, maxLength = 200): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > maxLength) throw badQuery(name, `a single value of at most ${maxLength} characters`);
  return value;
}

/** An optional integer query parameter within [min, max]. */
export function queryInt(req: Pick<Request, 'query'>, name: string, min: number, max: number, fallback: number): number {
  const value = queryString(req, name, 12);
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw badQuery(name, `an integer from ${min} to ${max}`);
  const n = Number(value);
  if (n < min || n > max) throw badQuery(name, `an integer from ${min} to ${max}`);
  return n;
}

/** An optional query parameter that must be one of `values`. */
export function queryEnum<T extends string>(req: Pick<Request, 'query'>, name: string, values: readonly T[]): T | undefined {
  const value = queryString(req, name, 50);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) throw badQuery(name, `one of ${values.join(', ')}`);
  return value as T;
}
