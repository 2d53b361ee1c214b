import semver from 'semver';
import { z } from 'zod';

export const PLATFORMS = ['windows', 'macos', 'linux'] as const;
export const Platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof Platform>;

export const CHANNELS = ['stable', 'preview'] as const;
export const Channel = z.enum(CHANNELS);
export type Channel = z.infer<typeof Channel>;

/** A semver range (`>=1.9.0 <1.11.0`, `^1.10.0`, `1.x`) as node-semver reads it, pre-releases included. */
export const VersionRange = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .check((ctx) => {
    if (semver.validRange(ctx.value, { includePrerelease: true }) === null) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `expected a semver range such as ">=1.9.0 <1.11.0" or "^1.10.0"; found ${JSON.stringify(ctx.value)}` });
    }
  });

/**
 * The clients a notice concerns. Each field narrows it; a field left out concerns every value.
 * A notice without an audience concerns every client.
 */
export const Audience = z
  .strictObject({
    versions: VersionRange.optional(),
    platforms: z.array(Platform).min(1).max(PLATFORMS.length).optional(),
    channels: z.array(Channel).min(1).max(CHANNELS.length).optional(),
  })
  .refine((a) => a.versions !== undefined || a.platforms !== undefined || a.channels !== undefined, {
    error: 'expected at least one of versions, platforms, channels; found an empty audience (leave audience out to reach every client)',
  });
export type Audience = z.infer<typeof Audience>;
