import { envelopeBody, etagOf, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, type ReadAnswer } from '@companion/http-kit';
import { compressInBackground } from './background-compression';
import { stampOf } from './stamp';
import { brotliSpliced, brotliSplicedAsync, brotliWhole, brotliWholeAsync, gzipSpliced, gzipSplicedAsync, gzipWhole, gzipWholeAsync, STAMP_LENGTH, type SplicedBody } from './splice';

export type Coding = 'identity' | 'gzip' | 'br';

/** Bodies this small are sent as they are: compressing them saves less than the headers cost. */
const COMPRESS_MIN_BYTES = 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The strong ETags of an answer's representations: plain, gzip, brotli. */
export const representationTags = (etag: string): string[] => [etag, `${etag.slice(0, -1)}-gz"`, `${etag.slice(0, -1)}-br"`];

/** One representation (an encoding) of a ready answer, with its header lists. */
export interface Variant {
  etag: string;
  /** Raw header lists for 200 and 304, each without and with HSTS (index 1: the request came over HTTPS). */
  ok: readonly [string[], string[]];
  notModified: readonly [string[], string[]];
  /** The same lists with `Cache-Control: private`, for an answer that names one install. */
  okPrivate: readonly [string[], string[]];
  notModifiedPrivate: readonly [string[], string[]];
  head: Buffer;
  /** The rest of the body stamped with an instant (microseconds); null: `head` is the whole body. */
  tail: ((micros: number) => Buffer | string) | null;
}

/** Headers every variant of every ready answer carries (security policy, CORS when static). */
export interface HeaderPolicy {
  /** For JSON answers and for HTML pages. */
  json: readonly string[];
  page: readonly string[];
  hsts: readonly [string, string];
  /** Vary beyond Accept-Encoding (Origin when CORS origins are listed). */
  vary: string;
}

/** Index of the Cache-Control value in every header list, so a notice near its boundary can replace it. */
export const CACHE_CONTROL_AT = 5;

/** A compressed representation's state: built fast on its first use, at the best settings once asked for again. */
type Effort = 'fast' | 'queued' | 'best';

/**
 * A read's answer made ready to write: body parts, a strong ETag per representation (`"<tag>"`,
 * `"<tag>-gz"`, `"<tag>-br"`), header lists. Compressed variants are built on their first use at
 * fast settings; one used again is compressed at the best settings in the background and swapped
 * in (the same tag: the decoded answer is the same, and each response's bytes differ anyway by
 * their timestamp).
 */
export class ReadyAnswer {
  readonly tags: readonly string[];
  readonly validUntil: number;
  private readonly prefix: Buffer;
  private readonly suffix: Buffer;
  private readonly stamped: boolean;
  private readonly type: string;
  private readonly variants = new Map<Coding, Variant>();
  private readonly effort = new Map<Coding, Effort>();
  private readonly base: string;
  private readonly language: string | undefined;
  /** Bytes held, for the cache's budget; grows as variants are built. */
  bytes: number;

  constructor(
    answer: Exclude<ReadAnswer, { kind: 'none' }>,
    private readonly policy: HeaderPolicy,
    private readonly varyAccept: boolean,
    private readonly varyLanguage = false,
  ) {
    this.language = answer.language;
    if (answer.kind === 'envelope') {
      const [before, after] = envelopeBody(answer.members, '\u0000', answer.after).split('\u0000') as [string, string];
      this.prefix = Buffer.from(before);
      this.suffix = Buffer.from(after);
      this.stamped = true;
      this.type = JSON_TYPE;
      this.base = etagOf(answer.members + (answer.after ?? ''));
    } else {
      this.prefix = Buffer.from(answer.body);
      this.suffix = Buffer.alloc(0);
      this.stamped = false;
      this.type = answer.type;
      this.base = etagOf(answer.body);
    }
    this.validUntil = answer.validUntil ?? Number.POSITIVE_INFINITY;
    this.tags = representationTags(this.base);
    this.bytes = 512 + this.prefix.length + this.suffix.length;
  }

  get length(): number {
    return this.prefix.length + (this.stamped ? STAMP_LENGTH : 0) + this.suffix.length;
  }

  /** The representation for an accepted coding; small bodies have only the identity one. */
  variant(coding: Coding): Variant {
    const chosen = this.length > COMPRESS_MIN_BYTES ? coding : 'identity';
    let variant = this.variants.get(chosen);
    if (variant === undefined) {
      variant = this.build(chosen);
      this.variants.set(chosen, variant);
      this.bytes += variant.head.length + 1024;
      if (chosen !== 'identity') this.effort.set(chosen, 'fast');
    } else if (chosen !== 'identity' && this.effort.get(chosen) === 'fast') this.compressBest(chosen);
    return variant;
  }

  /** Queues the best compression of a variant asked for again; swaps it in when done. */
  private compressBest(coding: 'gzip' | 'br'): void {
    const queued = compressInBackground(async () => {
      const { prefix, suffix } = this;
      const spliced = !this.stamped
        ? null
        : coding === 'gzip'
          ? await gzipSplicedAsync(prefix, suffix, 'best')
          : await brotliSplicedAsync(prefix, suffix, 'best');
      const whole = spliced ? null : await (coding === 'gzip' ? gzipWholeAsync(prefix, 'best') : brotliWholeAsync(prefix, 'best'));
      const before = this.variants.get(coding)!;
      const best = this.describe(coding, spliced ?? { head: whole!, tail: null, length: whole!.length });
      this.variants.set(coding, best);
      this.bytes += best.head.length - before.head.length;
      this.effort.set(coding, 'best');
    });
    if (queued) this.effort.set(coding, 'queued');
  }

  private build(coding: Coding): Variant {
    const { prefix, suffix } = this;
    if (coding === 'identity') {
      const after = suffix.toString();
      return this.describe(coding, { head: prefix, tail: this.stamped ? (micros) => stampOf(micros) + after : null, length: this.length });
    }
    if (this.stamped) return this.describe(coding, coding === 'gzip' ? gzipSpliced(prefix, suffix) : brotliSpliced(prefix, suffix));
    const head = coding === 'gzip' ? gzipWhole(prefix) : brotliWhole(prefix);
    return this.describe(coding, { head, tail: null, length: head.length });
  }

  /** The header lists of a representation whose body is `body`. */
  private describe(coding: Coding, body: Pick<SplicedBody, 'head' | 'length'> & { tail: Variant['tail'] }): Variant {
    const { head, tail, length } = body;
    const etag = this.tags[coding === 'identity' ? 0 : coding === 'gzip' ? 1 : 2]!;
    const vary = `${this.varyAccept ? 'Accept, ' : ''}Accept-Encoding${this.varyLanguage ? ', Accept-Language' : ''}${this.policy.vary}`;
    const security = this.type.startsWith('application/json') ? this.policy.json : this.policy.page;
    // ETag, Cache-Control, Vary first and at fixed places (CACHE_CONTROL_AT), then the policy.
    const common = ['ETag', etag, 'Vary', vary, 'Cache-Control', PUBLIC_CACHE_CONTROL, ...security];
    const ok = ['Content-Type', this.type, 'Content-Length', String(length), ...(coding === 'identity' ? [] : ['Content-Encoding', coding]), ...(this.language === undefined ? [] : ['Content-Language', this.language])];
    // Cache-Control stays at CACHE_CONTROL_AT in both lists: the entity headers go after it in ok.
    const okList = [...common.slice(0, 6), ...ok, ...common.slice(6)];
    const withHsts = (list: string[]): readonly [string[], string[]] => [list, [...list, ...this.policy.hsts]];
    const privately = (list: string[]) => list.map((value, i) => (i === CACHE_CONTROL_AT ? PRIVATE_CACHE_CONTROL : value));
    return {
      etag,
      head,
      tail,
      ok: withHsts(okList),
      notModified: withHsts(common),
      okPrivate: withHsts(privately(okList)),
      notModifiedPrivate: withHsts(privately(common)),
    };
  }
}
