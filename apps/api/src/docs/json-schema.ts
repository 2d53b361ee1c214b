import { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * A zod schema as a JSON Schema for the OpenAPI document: no nested `$schema`, and no bounds of
 * ±2^53 that zod adds to every integer (a count's lower bound, 0, is the one that matters).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  return clean(z.toJSONSchema(schema, { io, unrepresentable: 'any' })) as Json;
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$schema') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(item as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = clean(item);
  }
  return out;
}

/** A parameter from its schema: description and first example lifted to where OpenAPI tools read them. */
export function parameter(name: string, where: 'path' | 'query', schema: z.ZodType): Json {
  const { description, examples, ...rest } = jsonSchema(schema, 'input');
  return {
    name,
    in: where,
    required: where === 'path',
    ...(description !== undefined && { description }),
    schema: rest,
    ...(Array.isArray(examples) && { example: examples[0] }),
  };
}
