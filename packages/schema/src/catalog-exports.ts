import { z } from 'zod';

/** The id of one catalogue log (a UUID): the JSONL log of one box, or the PostgreSQL log of a fleet. */
export const CatalogLogId = z.uuid({ error: 'expected the id of a catalogue log (a UUID, as `pnpm catalog:export` writes it)' });

/**
 * `content/catalog-exports.yaml`: how far each catalogue log's API changes are written into
 * these files. `pnpm catalog:export` writes it with the entry files it exports; a service whose
 * log is named here serves those changes from the files alone.
 */
export const CatalogExportsFile = z.strictObject({
  exported: z.record(CatalogLogId, z.int().nonnegative().meta({ description: 'the last seq of that log the files hold' })),
});
export type CatalogExportsFile = z.infer<typeof CatalogExportsFile>;
