import express, { type RequestHandler } from 'express';
import { ApiError } from './errors';

export const BODY_LIMIT_BYTES = 64 * 1024;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Paths of keys that could pollute prototypes when a body is merged into an object. */
function pollutingKeys(value: unknown, path: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.keys(value).flatMap((key) => [
    ...(FORBIDDEN_KEYS.has(key) ? [[...path, key].join('.')] : []),
    ...pollutingKeys((value as Record<string, unknown>)[key], [...path, key]),
  ]);
}

const parser = express.json({ limit: BODY_LIMIT_BYTES, strict: true, type: () => true });

/** 415 unless the body is application/json; 413 over 64 KiB; 400 on bad JSON; 422 on __proto__ & co. */
export const jsonBody: RequestHandler[] = [
  (req, _res, next) => {
    if (!req.is('application/json')) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Expected Content-Type: application/json; found ${req.headers['content-type'] ?? 'none'}.`);
    }
    next();
  },
  parser,
  (req, _res, next) => {
    const bad = pollutingKeys(req.body);
    if (bad.length > 0) {
      throw new ApiError('VALIDATION_FAILED', undefined, bad.map((path) => ({ path, message: 'this key is not allowed' })));
    }
    next();
  },
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
