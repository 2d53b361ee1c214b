import express, { type RequestHandler } from 'express';
import { ApiError, type ErrorDetail } from './errors';

export const BODY_LIMIT_BYTES = 64 * 1024;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

/**
 * Problems a schema could miss: keys that pollute prototypes when a body is merged into an
 * object, and nesting deeper than any valid body (walked without recursion, so depth is cheap).
 */
export function bodyProblems(body: unknown): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_DEPTH) {
      problems.push({ path: path.join('.'), message: `nested deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) problems.push({ path: [...path, key].join('.'), message: 'this key is not allowed' });
      else stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return problems;
}

// inflate: false answers compressed bodies with 415 instead of decoding them; strict: false lets
// the schema say what a scalar body should have been.
const parser = express.json({ limit: BODY_LIMIT_BYTES, strict: false, inflate: false, type: () => true });

const isJsonType = (header: string | undefined) => {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
};

/** 415 unless the body is application/json; 413 over 64 KiB; 400 on bad JSON; 422 on __proto__ & co. */
export const jsonBody: RequestHandler[] = [
  (req, _res, next) => {
    if (!isJsonType(req.headers['content-type'])) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Expected Content-Type: application/json; found ${req.headers['content-type'] ?? 'none'}.`);
    }
    next();
  },
  parser,
  (req, _res, next) => {
    const problems = bodyProblems(req.body);
    if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', undefined, problems);
    next();
  },
];

export const MERGE_PATCH = 'application/merge-patch+json';

/**
 * A PATCH body: a JSON Merge Patch (RFC 7396), sent as application/merge-patch+json (or plain
 * application/json, which reads the same). Other patch formats, JSON Patch among them, are 415
 * with Accept-Patch naming the one taken; then the checks of jsonBody.
 */
export const mergePatchBody: RequestHandler[] = [
  (req, _res, next) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== MERGE_PATCH && type !== 'application/json') {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Expected Content-Type: ${MERGE_PATCH}; found ${req.headers['content-type'] ?? 'none'}.`, [], { 'Accept-Patch': MERGE_PATCH });
    }
    next();
  },
  ...jsonBody.slice(1),
];

/** Maps body-parser's errors to the API's codes. */
export function bodyParserError(error: unknown): ApiError | null {
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large') return new ApiError('PAYLOAD_TOO_LARGE');
  if (type === 'entity.parse.failed') return new ApiError('INVALID_JSON', `The request body is not valid JSON: ${(error as Error).message}`);
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new ApiError('UNSUPPORTED_MEDIA_TYPE', (error as Error).message);
  if (type === 'request.aborted' || type === 'request.size.invalid') return new ApiError('INVALID_JSON', 'The request body was incomplete.');
  return null;
}
