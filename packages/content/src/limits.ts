// How large content may be. Checked before a file is decoded (and, for a notice body, after its
// front matter is read), by `content:check` and by the running service alike.

const KIB = 1024;

/**
 * Size limits per collection, far above the shipped files (the largest release is under 1 KiB,
 * a notice 1 KiB, a catalogue entry 1 KiB, elements.yaml 35 KiB) and above what the API can
 * write (a catalogue entry comes from a JSON body of at most 64 KiB), so only a mistake or an
 * attack reaches them.
 */
export const MAX_BYTES = {
  release: 32 * KIB,
  notice: 64 * KIB,
  codenames: 64 * KIB,
  elements: 256 * KIB,
  error: 128 * KIB,
  catalogExports: 16 * KIB,
  searchConcepts: 256 * KIB,
} as const;
/** The Markdown body of one notice, in characters: what a client app shows as one message. */
export const MAX_NOTICE_BODY_CHARS = 20_000;
