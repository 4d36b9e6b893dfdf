/**
 * ai_work_arrangement: remote, hybrid, on_site or unknown. The public attribute is derived by a
 * language model (see llm-classifier.ts); this module holds the classifier contract and the
 * deterministic rules classifier, which is both the default and the model's fallback.
 *
 * Rules, first decisive one wins:
 * 1. the native workplace value ("OnSite", "hybrid", "remote", Teamtailor "fully"/"none"; confidence 0.95);
 * 2. the title ("- US Remote", "(Hybrid)"; 0.9);
 * 3. the location texts ("Hybrid - Sydney", "Audubon, PA (Hybrid)", "Remote - Canada", "US Remote",
 *    "Berlin (Onsite)"; 0.85);
 * 4. a native remote flag that is true (0.8), unless the description states hybrid (a yes/no flag
 *    cannot say hybrid: Ashby's isRemote is true on Satispay's "flexible hybrid working" jobs; 0.75)
 *    or says in so many words that the job is not remote ("this is not a remote job"; on_site, 0.75);
 * 5. description sentences (0.7): hybrid cues ("3 days per week in the office", "onsite three days
 *    and remote two days", German "Homeoffice" beside office days) beat the others;
 *    otherwise on-site cues ("in-person 5 days a week", "not eligible for remote") or remote cues
 *    ("fully remote", "work from anywhere") when only one side speaks. A sentence that lists several
 *    arrangements ("onsite, hybrid or fully virtual") is a policy menu and is ignored;
 * 6. a native remote flag that is false, with nothing else said: on_site (0.6);
 * 7. otherwise unknown.
 */
import type { WorkArrangement } from '../../domain/job.js';
import type { EnrichInput } from '../types.js';
import { descriptionOf, matchesAny, normalizeNative, sentencesOf } from './text.js';

/** A classification and its provenance. */
export interface WorkArrangementResult {
  value: WorkArrangement;
  /** Which classifier produced the value: the model, or the rules (directly or as fallback). */
  source: 'rules' | 'language_model';
  confidence: number;
}

/** Classifies the work arrangement of a posting; implementations never throw. */
export interface WorkArrangementClassifier {
  classify(input: EnrichInput): Promise<WorkArrangementResult>;
}

/** The deterministic default classifier (no I/O). */
export class RulesWorkArrangementClassifier implements WorkArrangementClassifier {
  /** Classifies with the rules of this module; resolves immediately. */
  classify(input: EnrichInput): Promise<WorkArrangementResult> {
    return Promise.resolve(classifyWorkArrangementByRules(input));
  }
}

// "RN (PRN - Not Remote)", "Recruiter - NON REMOTE": a negated remote says on site.
const NEGATED_REMOTE = /\b(?:not|non|no)[- ]remote\b/i;
const REMOTE_WORDS = /(?<!\b(?:not|non|no)[- ])\b(?:remote|telecommut\w*|work from home|wfh|anywhere)\b/i;

const TITLE_REMOTE = /(?<!\b(?:not|non|no)[- ])\bremote\b(?!\s+sensing)/i;
const TITLE_HYBRID =
  /\((?:[^)]*[\s,/])?hybrid\b[^)]*\)|[-–|,]\s*hybrid\b|\bhybrid\s*$|\bhybrid\s+(?:role|position|work|working|schedule|model|opportunity)\b/i;
const TITLE_ON_SITE = /\((?:[^)]*[\s,/])?on[- ]?site\b[^)]*\)|[-–|,]\s*on[- ]?site\b|\bon[- ]?site\s*$/i;

// Part-week counts only: five days a week in the office is on site, not hybrid.
const NUMBER_WORD = '(?:[1-4]|one|two|three|four|several|a few)';
const HYBRID_CUES: RegExp[] = [
  /\bhybrid\s+(?:role|position|work\w*|schedule|model|arrangement|setup|set-up|environment|opportunity|office|culture|policy)\b/i,
  // "We're hybrid with 4 days in-office" (an Ashby board of the labelled set).
  /\b(?:we(?:'re|’re| are)|(?:the|our)\s+(?:team|company)\s+is)\s+(?:a\s+)?hybrid\b/i,
  // A job-details field: "Modality: Hybrid — requires regular in-office presence", "Work model: Hybrid".
  /\b(?:modality|work(?:ing)?\s+(?:model|arrangement|style|mode|type|location)|workplace(?:\s+type)?|location\s+type|work\s+setup)\s*:\s*hybrid\b/i,
  // Part of the week in the office without "a week": "3 days in our downtown Toronto office and 2
  // days working remotely", "4 days in-office".
  new RegExp(
    `\\b${NUMBER_WORD}\\s+days?\\s+(?:in[- ]office|in\\s+(?:the|our)(?:\\s+[\\w-]+){0,3}\\s+office|on[- ]?site|at\\s+(?:the|our)\\s+office)\\b`,
    'i',
  ),
  /\b(?:this|the)\s+(?:role|position|job)\s+is\s+hybrid\b/i,
  /\bhybrid\b\s*[(:]/i,
  new RegExp(
    `\\b${NUMBER_WORD}(?:\\s*[-–]\\s*${NUMBER_WORD})?\\s+days?\\s+(?:a|per|each|every)\\s+week\\b[^.]*\\b(?:office|on[- ]?site|in[- ]person|hq|headquarters)\\b`,
    'i',
  ),
  new RegExp(
    `\\b(?:office|on[- ]?site|in[- ]person|hq)\\b[^.]*\\b${NUMBER_WORD}(?:\\s*[-–]\\s*${NUMBER_WORD})?\\s+days?\\s+(?:a|per|each|every)\\s+week\\b`,
    'i',
  ),
  /\b(?:office|on[- ]?site)\s+(?:minimum\s+)?(?:once|twice)\s+(?:a|per)\s+week\b/i,
  // A job-details line: "Location: Berlin (Hybrid)".
  /\blocation\s*:[^.\n]{0,60}\bhybrid\b/i,
  // LinkedIn's workplace tag, which employers put at the end of a description for job wrapping.
  /#LI-Hybrid\b/i,
  // "a minimum of 2 days working in the office" (a UK law firm on Jibe): a floor below five days.
  new RegExp(
    `\\b(?:a\\s+)?(?:minimum\\s+of|at\\s+least)\\s+${NUMBER_WORD}\\s+days?\\b[^.]{0,40}\\b(?:in|at)\\s+(?:the|our)\\s+office\\b`,
    'i',
  ),
  // A split week: "This role is onsite three days and remote two days" (a US law firm on ClearCompany).
  new RegExp(
    `\\b(?:on[- ]?site|in[- ]office|in (?:the|our) office)\\s+${NUMBER_WORD}\\s+days?\\b[^.]*\\bremote(?:ly)?\\s+${NUMBER_WORD}\\s+days?\\b`,
    'i',
  ),
  new RegExp(
    `\\bremote(?:ly)?\\s+${NUMBER_WORD}\\s+days?\\b[^.]*\\b(?:on[- ]?site|in[- ]office|in (?:the|our) office)\\s+${NUMBER_WORD}\\s+days?\\b`,
    'i',
  ),
  // A job-details line of its own: "Location: Berlin" then "(Hybrid)" (Recruitee).
  /^\(\s*hybrid\s*\)$/i,
  // German "Homeoffice" / "Home-Office" offered beside the office ("zwischen Bürotagen und
  // Home-Office Tagen wechseln", "auch … im Homeoffice erlaubt"): part of the week at home. Not when
  // it is all of it ("100 % Homeoffice", "komplett", "ausschließlich") or none ("kein Homeoffice").
  // English "home office" is left alone: it is as often the headquarters.
  /^(?!.*(?:\bkein\w*|\bohne\b|\bnicht\b|100\s?%|\bkomplett|\bvollst[äa]ndig|\bausschlie(?:ß|ss)lich|\bnur\b)).*(?<![\p{L}])(?:homeoffice|home-office)(?![\p{L}])/iu,
];
/**
 * A description saying in so many words that the job is not remote ("You're based in Paris (this is
 * not a remote job)", "not eligible for remote work"): beside a remote flag that is true, the text
 * wins (rule 4) — the flag is a board-wide default on such boards (lemlist's isRemote is true on 18
 * of its 20 postings, the office manager's among them).
 */
const NOT_REMOTE_CUES: RegExp[] = [
  /\bnot\s+(?:be\s+)?(?:eligible|available|open)\s+(?:for|to)\s+(?:full[- ]time\s+)?remote\b/i,
  /\b(?:no|not a)\s+remote\s+(?:work|option|role|position|job|opportunity)\b/i,
  /\b(?:role|position|job)\s+is\s+not\s+(?:a\s+)?remote\b/i,
];
const ON_SITE_CUES: RegExp[] = [
  /#LI-(?:Onsite|On-site|Office)\b/i,
  /\b(?:in[- ]person|on[- ]?site|in[- ]office|in the office)\s+(?:5|five)\s+days\b/i,
  /\b(?:5|five)\s+days\s+(?:a|per)\s+week\s+(?:in[- ]person|on[- ]?site|in (?:the|our) office)\b/i,
  ...NOT_REMOTE_CUES,
  /\b(?:this|the)\s+(?:role|position|job)\s+is\s+(?:fully\s+|100%\s+)?(?:on[- ]?site|office[- ]based|in[- ]person)\b/i,
  /\b(?:fully|100%)\s+(?:on[- ]?site|in[- ]office|office[- ]based)\b/i,
  /\bmust\s+be\s+(?:able\s+to\s+(?:work|be)\s+)?(?:on[- ]?site|in[- ]office|in the office)\b/i,
  /\bfrom\s+(?:our|the)\s+office\s+in\b/i,
  // "We are currently hiring for this position in our New York office", "This role is based in our
  // Berlin office" (a hybrid statement elsewhere wins: hybrid cues beat the others).
  /\b(?:this|the)\s+(?:position|role|job)\s+(?:is\s+|will\s+be\s+)?(?:based\s+)?in\s+our\s+(?:[\p{L}.'’-]+\s+){1,3}office\b/iu,
  // "This position will be located on-site at …", "the team works on-site", "work on-site in Zurich".
  /\b(?:located|based|work|works|working)\s+(?:on[- ]?site|in[- ]person)\b(?!\s+(?:[1-4]|one|two|three|four|some|certain|occasional)\b)/i,
];
const REMOTE_CUES: RegExp[] = [
  /#LI-Remote\b/i,
  /\b(?:fully|100%|completely|entirely)\s+remote\b/i,
  // A job-details line: "Location: Remote (offshore, …)".
  /\blocation\s*:\s*remote\b/i,
  /\bwork\s+(?:from\s+)?anywhere\b/i,
  /\b(?:this|the)\s+(?:role|position|job)\s+is\s+(?:a\s+)?remote\b/i,
  /\bremote\s+(?:position|role|job|opportunity)\b/i,
  /\b(?:work|working)\s+remotely\b(?![^.]*\b(?:occasionally|sometimes|days?|exceptional)\b)/i,
];
/** Arrangement words; a sentence offering several of them as alternatives describes a policy, not this job. */
const ARRANGEMENT_WORDS: RegExp[] = [
  /\b(?:remote\w*|virtual\w*|from home)\b/i,
  /\bhybrid\b/i,
  /\b(?:on[- ]?site|in[- ]office|in[- ]person)\b/i,
];
const ALTERNATIVES =
  /\b(?:either|depending on|options?|may|might|some roles|many teams|a few roles|exceptional basis)\b/i;

/** Maps a native workplace value; undefined for "unspecified" and unknown values. */
export function mapNativeWorkplace(
  value: string | undefined,
): Exclude<WorkArrangement, 'unknown'> | undefined {
  if (value === undefined) return undefined;
  const v = normalizeNative(value);
  // Breezy's remote_details: "remote" (no restriction), "remote-location" (within chosen places).
  if (
    /^(?:remote|fully remote|fully|full remote|remote only|telecommute|remote ok|work from home|remote location)$/.test(
      v,
    )
  )
    return 'remote';
  if (/^(?:hybrid|partially remote|partly remote|hybrid remote|flexible)$/.test(v)) return 'hybrid';
  // Teamtailor's remoteStatus "none" means no remote work, i.e. on site.
  if (
    /^(?:on site|onsite|on_site|in office|office|office based|none|in person|not remote|no remote|(?:on site|onsite|in office|office) only)$/.test(
      v,
    )
  )
    return 'on_site';
  return undefined;
}

/** Rules classification (pure); see the module comment for the order of the rules. */
export function classifyWorkArrangementByRules(input: EnrichInput): WorkArrangementResult {
  const native = mapNativeWorkplace(input.posting.workplaceType);
  if (native !== undefined) return rules(native, 0.95);
  const fromTitle = titleArrangement(input.title);
  if (fromTitle !== undefined) return rules(fromTitle, 0.9);
  const fromLocations = locationArrangement(input.posting.locations.flatMap((l) => l.text ?? []));
  if (fromLocations !== undefined) return rules(fromLocations, 0.85);
  const { arrangement: fromText, notRemote } = textReading(descriptionOf(input));
  // A remote flag is a yes/no that cannot say hybrid; a description stating hybrid refines it, and
  // one saying the job is not remote overrules it.
  if (input.posting.remote === true) {
    if (fromText === 'hybrid') return rules('hybrid', 0.75);
    if (fromText === 'on_site' && notRemote) return rules('on_site', 0.75);
    return rules('remote', 0.8);
  }
  if (fromText !== undefined) return rules(fromText, 0.7);
  if (input.posting.remote === false) return rules('on_site', 0.6);
  return rules('unknown', 0.5);
}

/** Hybrid or on-site marked on a place ("Hybrid - London", "Partial Remote,Bethlehem"), else remote words. */
const LOCATION_HYBRID = /\bhybrid\b|\bpartial(?:ly)? remote\b/i;
function locationArrangement(texts: string[]): Exclude<WorkArrangement, 'unknown'> | undefined {
  if (texts.some((text) => LOCATION_HYBRID.test(text))) return 'hybrid';
  if (texts.some((text) => REMOTE_WORDS.test(text))) return 'remote';
  if (texts.length > 0 && texts.every((text) => TITLE_ON_SITE.test(text))) return 'on_site';
  return undefined;
}

function rules(value: WorkArrangement, confidence: number): WorkArrangementResult {
  return { value, source: 'rules', confidence };
}

function titleArrangement(title: string): Exclude<WorkArrangement, 'unknown'> | undefined {
  if (TITLE_HYBRID.test(title)) return 'hybrid';
  if (TITLE_ON_SITE.test(title) || NEGATED_REMOTE.test(title)) return 'on_site';
  if (TITLE_REMOTE.test(title)) return 'remote';
  return undefined;
}

/** "Colleagues will either work onsite, in a hybrid model or fully virtually": a menu, not a statement. */
function isPolicyMenu(sentence: string): boolean {
  const words = ARRANGEMENT_WORDS.filter((word) => word.test(sentence)).length;
  return words >= 3 || (words >= 2 && ALTERNATIVES.test(sentence));
}

/** Whether a sentence of the description (not a policy menu) says the job is not remote. */
export function statesNotRemote(text: string): boolean {
  return textReading(text).notRemote;
}

/** Arrangement stated by the description, or undefined when it is silent or contradictory. */
export function textArrangement(text: string): Exclude<WorkArrangement, 'unknown'> | undefined {
  return textReading(text).arrangement;
}

/** One pass over the description's sentences: the arrangement they state, and whether one says "not remote". */
function textReading(text: string): {
  arrangement: Exclude<WorkArrangement, 'unknown'> | undefined;
  notRemote: boolean;
} {
  let hybrid = false;
  let onSite = false;
  let remote = false;
  let notRemote = false;
  for (const sentence of sentencesOf(text)) {
    if (isPolicyMenu(sentence)) continue;
    // A "not remote" sentence is a hybrid or an on-site one (ON_SITE_CUES holds NOT_REMOTE_CUES):
    // only those are asked, not every sentence of every posting.
    if (matchesAny(sentence, HYBRID_CUES)) {
      hybrid = true;
      notRemote ||= matchesAny(sentence, NOT_REMOTE_CUES);
    } else if (matchesAny(sentence, ON_SITE_CUES)) {
      onSite = true;
      notRemote ||= matchesAny(sentence, NOT_REMOTE_CUES);
    } else if (matchesAny(sentence, REMOTE_CUES)) remote = true;
  }
  return { arrangement: arrangementOf(hybrid, onSite, remote), notRemote };
}

function arrangementOf(
  hybrid: boolean,
  onSite: boolean,
  remote: boolean,
): Exclude<WorkArrangement, 'unknown'> | undefined {
  if (hybrid) return 'hybrid';
  if (onSite && !remote) return 'on_site';
  if (remote && !onSite) return 'remote';
  return undefined;
}
