import { z } from 'zod';

type Json = Record<string, unknown>;

/** The named models of the document (`components.schemas`), collected while it is built. */
export type Models = Map<string, Json>;

const MODEL_REF = '#/components/schemas/';

/**
 * A zod schema as a JSON Schema for the OpenAPI document: no nested `$schema`, and no bounds of
 * ±2^53 that zod adds to every integer (a count's lower bound, 0, is the one that matters). A
 * schema with an `id` (`Notice`, `ErrorEntry`, ...) is a named model: it goes into `models` once
 * and is referred to by `$ref`, so generated clients get one type per model.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output', models?: Models): Json {
  const { $defs, ...root } = clean(z.toJSONSchema(schema, { io, unrepresentable: 'any' })) as Json & { $defs?: Record<string, Json> };
  if ($defs === undefined) return root;
  if (models === undefined) throw new Error(`a named model (${Object.keys($defs).join(', ')}) where the document has no place for it`);
  for (const [name, model] of Object.entries($defs)) {
    const known = models.get(name);
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(model)) throw new Error(`two schemas are named ${name}`);
    models.set(name, model);
  }
  return root;
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$schema') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(item as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = key === '$ref' && typeof item === 'string' ? item.replace('#/$defs/', MODEL_REF) : clean(item);
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
