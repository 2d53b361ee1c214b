import { languageName, type ErrorEntry } from '@companion/schema';

/**
 * The words around the error reference's entries (headings, labels, buttons, the search box, the
 * result lines), in each language the shipped catalogue is translated into. A page or feed in
 * another language gets the English ones, and says so with `lang="en"` on its chrome.
 */
export interface ErrorChrome {
  /** The language these words are in. */
  readonly lang: string;
  readonly reference: string;
  readonly lead: string;
  readonly searchLabel: string;
  readonly searchPlaceholder: string;
  readonly searchButton: string;
  /** The crumb back to the reference. */
  readonly errors: string;
  readonly whatItPrints: string;
  readonly whatToDo: string;
  readonly note: string;
  readonly updated: string;
  readonly severity: Readonly<Record<ErrorEntry['severity'], string>>;
  /** Category labels the catalogue uses; others are shown as written. */
  readonly categories: Readonly<Record<string, string>>;
  noMatch(said: string): string;
  bestMatches(count: number, said: string): string;
  oneMatch(said: string): string;
  someMatch(count: number, said: string): string;
  /** "Matched", or "Matched (in German)" when the words matched in another language than the page's. */
  matched(language: string | null): string;
  /** `for “query”`, with the query already escaped. */
  forQuery(escapedQuery: string): string;
  readonly everyEntryJson: string;
  readonly resultsJson: string;
  readonly entryJson: string;
}

/** A language's name in another (`German` in English, `Deutsch` in German). */
const nameIn = (tag: string, inLanguage: string): string => {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(tag.split('-')[0]!);
    return name && name !== tag ? name : (languageName(tag) ?? tag);
  } catch {
    return languageName(tag) ?? tag;
  }
};

const EN: ErrorChrome = {
  lang: 'en',
  reference: 'Error reference',
  lead: 'What each error the Tunnel client reports means, and how to fix it.',
  searchLabel: 'Search the errors: a code, the message the client printed, or your own words',
  searchPlaceholder: 'bind: address already in use',
  searchButton: 'Search',
  errors: 'Errors',
  whatItPrints: 'What the client prints',
  whatToDo: 'What to do',
  note: 'Note',
  updated: 'Updated',
  severity: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
  categories: {},
  noMatch: (said) => `No error matches${said}. Try the code the client printed (such as PORT1001), the message itself, or fewer words.`,
  bestMatches: (count, said) => `The ${count} best matches${said}, best first.`,
  oneMatch: (said) => `One error matches${said}, best first.`,
  someMatch: (count, said) => `${count} errors match${said}, best first.`,
  matched: (language) => (language === null || language === 'en' ? 'Matched' : `Matched (in ${nameIn(language, 'en')})`),
  forQuery: (q) => ` for “${q}”`,
  everyEntryJson: 'Every entry as JSON',
  resultsJson: 'These results as JSON',
  entryJson: 'This entry as JSON',
};

const DE: ErrorChrome = {
  lang: 'de',
  reference: 'Fehlerreferenz',
  lead: 'Was jeder Fehler bedeutet, den der Tunnel-Client meldet, und wie Sie ihn beheben.',
  searchLabel: 'Fehler suchen: ein Code, die Meldung des Clients oder Ihre eigenen Worte',
  searchPlaceholder: 'Zugriffstoken ist abgelaufen',
  searchButton: 'Suchen',
  errors: 'Fehler',
  whatItPrints: 'Was der Client meldet',
  whatToDo: 'Was zu tun ist',
  note: 'Hinweis',
  updated: 'Aktualisiert',
  severity: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch', critical: 'Kritisch' },
  categories: { auth: 'Anmeldung', client: 'Client', config: 'Konfiguration', dns: 'DNS', local: 'Lokal', network: 'Netzwerk', proxy: 'Proxy', quota: 'Kontingent', tls: 'TLS' },
  noMatch: (said) => `Kein Fehler passt${said}. Versuchen Sie den Code, den der Client meldet (etwa PORT1001), die Meldung selbst oder weniger Wörter.`,
  bestMatches: (count, said) => `Die ${count} besten Treffer${said}, der beste zuerst.`,
  oneMatch: (said) => `Ein Fehler passt${said}.`,
  someMatch: (count, said) => `${count} Fehler passen${said}, der beste zuerst.`,
  matched: (language) => (language === null || language === 'de' ? 'Gefunden' : `Gefunden (auf ${nameIn(language, 'de')})`),
  forQuery: (q) => ` zu „${q}“`,
  everyEntryJson: 'Alle Einträge als JSON',
  resultsJson: 'Diese Treffer als JSON',
  entryJson: 'Dieser Eintrag als JSON',
};

const FR: ErrorChrome = {
  lang: 'fr',
  reference: 'Référence des erreurs',
  lead: 'Ce que signifie chaque erreur signalée par le client Tunnel, et comment la corriger.',
  searchLabel: 'Rechercher une erreur : un code, le message affiché par le client ou vos propres mots',
  searchPlaceholder: 'jeton d’accès expiré',
  searchButton: 'Rechercher',
  errors: 'Erreurs',
  whatItPrints: 'Ce que le client affiche',
  whatToDo: 'Que faire',
  note: 'Remarque',
  updated: 'Mis à jour le',
  severity: { low: 'Faible', medium: 'Moyenne', high: 'Élevée', critical: 'Critique' },
  categories: { auth: 'Authentification', client: 'Client', config: 'Configuration', dns: 'DNS', local: 'Poste local', network: 'Réseau', proxy: 'Proxy', quota: 'Quota', tls: 'TLS' },
  noMatch: (said) => `Aucune erreur ne correspond${said}. Essayez le code affiché par le client (par exemple PORT1001), le message lui-même ou moins de mots.`,
  bestMatches: (count, said) => `Les ${count} meilleurs résultats${said}, le meilleur d’abord.`,
  oneMatch: (said) => `Une erreur correspond${said}.`,
  someMatch: (count, said) => `${count} erreurs correspondent${said}, la meilleure d’abord.`,
  matched: (language) => (language === null || language === 'fr' ? 'Trouvé' : `Trouvé (en ${nameIn(language, 'fr')})`),
  forQuery: (q) => ` à « ${q} »`,
  everyEntryJson: 'Toutes les entrées en JSON',
  resultsJson: 'Ces résultats en JSON',
  entryJson: 'Cette entrée en JSON',
};

const ES: ErrorChrome = {
  lang: 'es',
  reference: 'Referencia de errores',
  lead: 'Qué significa cada error que informa el cliente de Tunnel y cómo solucionarlo.',
  searchLabel: 'Buscar errores: un código, el mensaje que mostró el cliente o sus propias palabras',
  searchPlaceholder: 'el token de acceso ha caducado',
  searchButton: 'Buscar',
  errors: 'Errores',
  whatItPrints: 'Lo que muestra el cliente',
  whatToDo: 'Qué hacer',
  note: 'Nota',
  updated: 'Actualizado el',
  severity: { low: 'Baja', medium: 'Media', high: 'Alta', critical: 'Crítica' },
  categories: { auth: 'Autenticación', client: 'Cliente', config: 'Configuración', dns: 'DNS', local: 'Equipo local', network: 'Red', proxy: 'Proxy', quota: 'Cuota', tls: 'TLS' },
  noMatch: (said) => `Ningún error coincide${said}. Pruebe con el código que mostró el cliente (por ejemplo PORT1001), el propio mensaje o menos palabras.`,
  bestMatches: (count, said) => `Los ${count} mejores resultados${said}, el mejor primero.`,
  oneMatch: (said) => `Un error coincide${said}.`,
  someMatch: (count, said) => `${count} errores coinciden${said}, el mejor primero.`,
  matched: (language) => (language === null || language === 'es' ? 'Coincidencias' : `Coincidencias (en ${nameIn(language, 'es')})`),
  forQuery: (q) => ` con «${q}»`,
  everyEntryJson: 'Todas las entradas en JSON',
  resultsJson: 'Estos resultados en JSON',
  entryJson: 'Esta entrada en JSON',
};

const CHROME: Readonly<Record<string, ErrorChrome>> = { en: EN, de: DE, fr: FR, es: ES };

/** The chrome of the reference in `lang` (`de`, `de-AT`: German); English for a language it has no words in. */
export function errorChrome(lang: string | null | undefined): ErrorChrome {
  return (lang && CHROME[lang.toLowerCase().split('-')[0]!]) || EN;
}

/** A category as readers of `chrome`'s language see it: its label, or the category as written (`alkali-metal`: `Alkali metal`). */
export function categoryIn(chrome: ErrorChrome, category: string): string {
  const known = chrome.categories[category];
  if (known) return known;
  const words = category.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
