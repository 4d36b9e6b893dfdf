/**
 * Text helpers shared by the rule modules: one plain-text view of a posting, sentence splitting,
 * normalization of native enum-like values, and the title words both employment type and
 * experience level read.
 */
import type { EnrichInput } from '../types.js';

/** Normalizes a native value ("FullTime", "full_time", "Full-time") to spaced lower case ("full time"). */
export function normalizeNative(value: string): string {
  return (
    value
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      // Letters keep their base ("estágio" → "estagio", "pełny" → "pelny"), so native values in
      // other languages stay readable words.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/ł/g, 'l')
      .replace(/ø/g, 'o')
      .replace(/ß/g, 'ss')
      .replace(/[^a-z0-9+&]+/g, ' ')
      .trim()
  );
}

/** The description as plain text (or ''), whichever field the connector filled. */
export function descriptionOf(input: EnrichInput): string {
  return input.descriptionText ?? input.posting.descriptionText ?? '';
}

/** Sentences and list items of a text; newlines and sentence punctuation both end a unit. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}(“"*•-])/u)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
}

/** The last text split by sentencesOf, and its sentences. */
let lastSplit: { text: string; sentences: readonly string[] } | undefined;

/**
 * splitSentences, remembering the last text: six rule modules read the same description sentence
 * by sentence, one posting at a time, so it is split once per posting instead of six times (enrich
 * of the labelled set's 691 postings in process: ~5% of its time a posting).
 */
export function sentencesOf(text: string): readonly string[] {
  if (lastSplit?.text === text) return lastSplit.sentences;
  const sentences = splitSentences(text);
  lastSplit = { text, sentences };
  return sentences;
}

/** Whether any of the patterns matches. */
export function matchesAny(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}

/**
 * An internship, apprenticeship or work-study in a title: English words, and German, French,
 * Spanish, Italian and Portuguese ones (Praktikum, Duales Studium, Ausbildung, stagiaire,
 * alternance, tirocinio, estágio …). French "stage" alone is not read: an English title says "Stage
 * Manager". Employment type reads it as INTERN, experience level as the intern level.
 */
const INTERN_TITLE =
  /\bintern(ship)?s?\b|\bco-?op\b|\btrainee\b|\bapprentice(ship)?\b|(?<![\p{L}])(?:praktikum|praktikant(?:in)?|pflichtpraktikum|duales studium|duale[rs]? student(?:in)?|ausbildung|azubi|auszubildende[r]?|stagiaire|alternance|alternant(?:e)?|apprenti(?:e)?|prácticas|becari[oa]|tirocinio|tirocinante|stagista|estágio|estagiári[oa]|jovem aprendiz)(?![\p{L}])/iu;

export function titleSaysIntern(title: string): boolean {
  return INTERN_TITLE.test(title);
}

/**
 * A working student ("Working Student", "Werkstudent:in") is a student employed part-time beside
 * their studies, not an intern: the labelled set reads such titles as part-time with no experience
 * level (train: YAZIO's and Duna's; cargo.one's is an intern only because its native type says so).
 */
const WORKING_STUDENT_TITLE = /\bworking student\b|(?<![\p{L}])werkstudent(?:in)?(?![\p{L}])/iu;

export function titleSaysWorkingStudent(title: string): boolean {
  return WORKING_STUDENT_TITLE.test(title);
}

/**
 * Skilled trades and care roles in German compounds ("Fahrzeugtechniker", "KFZ-Mechatronikerin",
 * "Pflegefachkraft") and in French, Spanish, Italian and Portuguese titles (technicien, mécanicien,
 * técnico, meccanico, eletricista; infirmière, enfermero, infermiere): letters are matched as
 * letters, not at ASCII word edges. Career family reads both as general professional, skill
 * clusters the first as skilled trades and the second as healthcare.
 */
export const TRADE_TITLE_OTHER_LANGUAGES =
  /(?:techniker|mechaniker|mechatroniker|elektriker|elektroniker|monteur|schlosser|schweißer|schweisser|tischler)(?:in|innen)?(?![\p{L}])|(?<![\p{L}])(?:techniciens?|technicienne|mécanicien(?:ne)?|électricien(?:ne)?|soudeur|técnic[oa]|tecnic[oa]|mecánic[oa]|meccanic[oa]|mecânic[oa]|electricista|eletricista|elettricista|soldador|saldatore|eletrotécnic[oa])(?![\p{L}])/iu;
export const CARE_TITLE_OTHER_LANGUAGES =
  /(?:pflegekraft|pflegefachkraft|pfleger)(?:in|innen)?(?![\p{L}])|(?<![\p{L}])(?:infirmi(?:er|ère)|aide-soignant(?:e)?|enfermer[oa]|enfermeir[oa]|infermier[ea])(?![\p{L}])/iu;

/**
 * Sellers in other languages' titles: Italian, French, German, Spanish and Portuguese words
 * ("Assistente Vendite", "Vendeur(euse)", "Verkäufer*in", "Vertriebsmitarbeiter", "Vendedora") and
 * compounds ("Autoverkäufer", "Utesäljare", "Innesäljare", "Salgskonsulent", "Butikksælger"),
 * matched as letters. Career family reads them as go to market, skill clusters as sales.
 */
export const SELLER_TITLE_OTHER_LANGUAGES =
  /(?<![\p{L}])(?:vendite|vendita|vendeu(?:r|se)|vertrieb\p{L}*|ventas|vendedor(?:a)?|försäljning\p{L}*|salgs\p{L}*)(?![\p{L}])|(?:verkäufer(?:in|innen)?|säljare|sælger|selger)(?:e|en|ne)?(?![\p{L}])/iu;
