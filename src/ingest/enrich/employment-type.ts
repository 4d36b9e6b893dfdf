/**
 * employment_type (schema.org vocabulary: FULL_TIME, PART_TIME, CONTRACTOR, TEMPORARY, INTERN,
 * VOLUNTEER, PER_DIEM, OTHER).
 *
 * 1. Native values win (source_field, confidence 1): "FullTime", "full_time", "Full-time",
 *    "fulltime_permanent", "Regular Full Time (Salary)", Rippling's SALARIED_FT/HOURLY_FT →
 *    FULL_TIME (…_PT → PART_TIME); "Contract", "freelance" →
 *    CONTRACTOR; "Intern", "trainee", "Working Student" → INTERN; "Temporary", "Seasonal",
 *    "fixed_term" → TEMPORARY; "full-or-part-time" → both. "permanent"/"regular" say nothing about
 *    hours, so they count as FULL_TIME only when no explicit full/part-time value is present (an
 *    unqualified permanent position is full-time in practice). Unknown values are ignored.
 * 2. A line of the description stating the type ("Job Type: Contractor") replaces native values
 *    it contradicts and adds to those it shares a kind with. A description stating a contract of limited length ("Full-time (40h/week)
 *    with a duration of 6 months", "befristet", "a one-year appointment"), or a title that says
 *    seasonal or temporary, adds TEMPORARY to native values that lack it, and one calling the role a
 *    contractor's ("contractor position") adds CONTRACTOR (rules). A title that says
 *    intern (in English or another language: "Praktikum", "stagiaire"), or a native experience
 *    level of internship (SmartRecruiters' experienceLevel), adds INTERN to native values that lack
 *    it ("BLP Intern", timeType "Full time" → FULL_TIME + INTERN; typeOfEmployment "Part-time" at
 *    the internship level → PART_TIME + INTERN), recorded as rules; without native values the level
 *    alone is INTERN. An internship's fixed term is not a second kind of employment: with INTERN,
 *    TEMPORARY and CONTRACTOR go (Workable "Guest Operations Intern", employment_type Temporary;
 *    SmartRecruiters "Jovem Aprendiz", typeOfEmployment Contract → INTERN; the labelled set's train
 *    and dev splits never pair INTERN with either, 40 internships). An internship the description
 *    calls full-time ("full-time interns", "Vollzeitpraktikum") is FULL_TIME + INTERN. A title that
 *    says part-time (and not full-time) replaces a native FULL_TIME: the title is the posting's own
 *    word, the native value often the board's default (Ashby "… Napoli - Part-time",
 *    employmentType FullTime); one offering both schedules ("(Full/Part-Time)", "(80-100%)") adds
 *    the one the native value lacks. A working student's title ("Working Student", "Werkstudent:in")
 *    is part-time, not an internship: PART_TIME where the native value states no hours (cargo.one's
 *    native Intern → INTERN + PART_TIME); the set's train labels read them so.
 * 3. Without native values: title cues (confidence 0.85) — English words (a working student is
 *    PART_TIME), the same words in German,
 *    French, Spanish, Dutch and Scandinavian titles ("Vollzeit", "CDD", "deltid"), a Swiss workload
 *    share ("(80-100%)") and French weekly hours with the contract kind ("CDD 35H") — then explicit
 *    description statements such as "This is a full-time position" or "Employment type: Contract"
 *    (0.7). Incidental mentions ("benefits for full-time employees", "a full-time degree program")
 *    do not count.
 */
import type { EmploymentType } from '../../domain/job.js';
import type { EnrichInput } from '../types.js';
import {
  descriptionOf,
  normalizeNative,
  sentencesOf,
  titleSaysIntern,
  titleSaysWorkingStudent,
} from './text.js';
import { derived, type Derived } from './types.js';

// Rippling's employment code pairs pay and schedule: SALARIED_FT, HOURLY_PT, ….
const FULL_TIME_NATIVE =
  /\b(?:salaried|hourly) ft\b|\bfull time\b|\bfulltime\b|\bfull or part time\b|\bvollzeit\b|\btemps plein\b|\btemps complet\b|\btiempo completo\b|\bjornada completa\b|\btempo integral\b|\btempo pieno\b|\bvoltijd\b|\bheltid\b|\bfuldtid\b|\b(?<!nie)pelny etat\b|\bpelen etat\b/;
const NATIVE_RULES: [RegExp, EmploymentType][] = [
  [/\bper diem\b|\bprn\b/, 'PER_DIEM'],
  [/\bvolunteer/, 'VOLUNTEER'],
  [
    /\bintern(ship)?\b|\btrainee\b|\bapprentice(ship)?\b|\bworking student\b|\bwerkstudent\b|\bstudent\b|\bco op\b|\bpraktikum\b|\bpraktikant\w*|\bstage\b|\bstagiaire\b|\bstagiair\b|\bestagio\b|\bestagiario\b|\bpracticas\b|\bbecario\b|\btirocinio\b|\balternance\b|\baprendiz\b|\bstazysta\b|\bstaz\b/,
    'INTERN',
  ],
  [
    /\b(?:salaried|hourly) pt\b|\bpart time\b|\bparttime\b|\bteilzeit\b|\btemps partiel\b|\btiempo parcial\b|\bmedia jornada\b|\btempo parcial\b|\bdeeltijd\b|\bdeltid\b|\bniepelny etat\b|\bczesc etatu\b/,
    'PART_TIME',
  ],
  [FULL_TIME_NATIVE, 'FULL_TIME'],
  [
    /\bfixed term\b|\bfixedterm\b|\btemporary\b|\btemp\b|\bseasonal\b|\bbefristet\b|\bcdd\b|\binterim\b|\btemporal\b|\btemporario\b|\bzeitarbeit\b/,
    'TEMPORARY',
  ],
  [/\bcontract(or)?\b|\bfreelance(r)?\b|\b1099\b/, 'CONTRACTOR'],
  [/^other$/, 'OTHER'],
];
const WEAK_FULL_TIME = /\bpermanent\b|\bregular\b|\bsalaried\b|\bunbefristet\b/;

const TITLE_RULES: [RegExp, EmploymentType][] = [
  [/\bpart[- ]time\b/i, 'PART_TIME'],
  // "(Full/Part-Time)", "Full or Part Time", "FT/PT": both, not part-time alone.
  [
    /\bfull[- ]time\b|\bfull(?:[- ]?time)?\s*(?:\/|-?\s*or|-?\s*and)\s*part[- ]?time\b|\bft\s*\/\s*pt\b/i,
    'FULL_TIME',
  ],
  [/\bft\s*\/\s*pt\b/i, 'PART_TIME'],
  [
    /\bcontractor\b|\bfreelancer?\b|\(contract\)|[-–|]\s*contract\s*$|\bcontract\s+(?:role|position|basis)\b/i,
    'CONTRACTOR',
  ],
  [/\btemporary\b|\btemp\b|\bseasonal\b|\bfixed[- ]term\b/i, 'TEMPORARY'],
  [/\bvolunteer\b/i, 'VOLUNTEER'],
  [/\bper diem\b|\bprn\b/i, 'PER_DIEM'],
  // The same words in the languages the set's boards write titles in ("Vendeur(euse) en CDD 35H",
  // "Account Manager – Vollzeit"); "Voll- oder Teilzeit" is both.
  [
    /(?<![\p{L}])(?:vollzeit|voll-?\s*(?:oder|und|\/)\s*teilzeit|temps (?:plein|complet)|tiempo completo|jornada completa|heltid|fuldtid|voltijd)(?![\p{L}])/iu,
    'FULL_TIME',
  ],
  [
    /(?<![\p{L}])(?:teilzeit|temps partiel|tiempo parcial|media jornada|deltid|deeltijd)(?![\p{L}])/iu,
    'PART_TIME',
  ],
  [/(?<![\p{L}])(?:CDD|befristet\w*|vikariat|tempo determinato)(?![\p{L}])/iu, 'TEMPORARY'],
];

/**
 * A title's workload as a share of full time, the Swiss and German convention ("Elektro-
 * Projektingenieur*in (80-100%)", "Sachbearbeiter 60 %"): a range reaching 100% is full-time and
 * part-time, 100% alone full-time, less part-time. A share followed by a word is something else
 * ("100% Remote", "95% Dev/ 5% DevOps"), and so is one under 20% ("Bonus 10%").
 */
const WORKLOAD = /(?<![\d.,])(\d{2,3})\s?%?\s?(?:[-–]\s?(\d{2,3})\s?)?%(?!\s*\p{L})/u;
/**
 * French weekly hours with the contract kind ("CDD 35H", "CDI 24h"): the legal week is 35 hours,
 * so 35 and more is full-time, less part-time. Hours alone are left ("Support 24h", a shift).
 */
const FRENCH_WEEKLY_HOURS =
  /(?<![\p{L}])CD[DI](?![\p{L}])[^\d]{0,20}(?<![\d/–-])(\d{2})\s?h(?:eures)?(?![\p{L}\d/–-])/iu;

function titleWorkload(title: string): EmploymentType[] {
  const share = WORKLOAD.exec(title);
  if (share !== null) {
    const low = Number(share[1]);
    const high = share[2] === undefined ? low : Number(share[2]);
    if (low >= 20 && low <= high && high <= 100) {
      if (high < 100) return ['PART_TIME'];
      return low < 100 ? ['FULL_TIME', 'PART_TIME'] : ['FULL_TIME'];
    }
  }
  const hours = Number(FRENCH_WEEKLY_HOURS.exec(title)?.[1] ?? NaN);
  if (hours >= 10 && hours <= 48) return [hours >= 35 ? 'FULL_TIME' : 'PART_TIME'];
  return [];
}

const TEXT_VALUE =
  '(full[- ]time|part[- ]time|temporary|contract(?:or)?|freelance|fixed[- ]term|seasonal|internship|permanent)';
const TEXT_RULES: RegExp[] = [
  new RegExp(
    `\\b(?:this is an?|this|the|is an?)\\s+${TEXT_VALUE}\\s+(?:position|role|job|opportunity|employment|assignment|contract)\\b`,
    'i',
  ),
  new RegExp(
    `\\b(?:position|role|job)\\s+is\\s+(?:an?\\s+)?${TEXT_VALUE}\\b(?!\\s+(?:degree|student|program|programme))`,
    'i',
  ),
  new RegExp(`\\b(?:employment|job|contract|position|work)\\s+type\\s*:?\\s*${TEXT_VALUE}`, 'i'),
];

/** A native experience level that is an internship (not "student", which some boards give any junior role). */
const INTERN_LEVEL = /^(?:internship|intern)$/;
const SCHEDULES: readonly EmploymentType[] = ['FULL_TIME', 'PART_TIME'];
const TITLE_CONFIDENCE = 0.85;
const TEXT_CONFIDENCE = 0.7;
const NATIVE_PLUS_TITLE_CONFIDENCE = 0.95;

/** Derives employment_type from native values, then title, then explicit description statements. */
export function deriveEmploymentType(input: EnrichInput): Derived<EmploymentType[]> | undefined {
  const native = mapNativeEmploymentTypes(input.posting.employmentTypes ?? []);
  const fromTitle = titleEmploymentTypes(input.title);
  const internLevel = INTERN_LEVEL.test(normalizeNative(input.posting.experience ?? ''));
  const stated = statedTypes(descriptionOf(input));
  // A stated type that contradicts the native value replaces it; one that shares a kind with it adds
  // its other kinds ("Contractor (Full-Time hours expected)" over FullTime).
  const contradicted =
    native.length > 0 && stated.length > 0 && !stated.some((type) => native.includes(type));
  if (contradicted) native.splice(0, native.length, ...stated);
  if (native.length > 0) {
    const added: EmploymentType[] = stated.filter((type) => !native.includes(type));
    // "… Napoli - Part-time" over a native FullTime: the title is this posting's own word, the native
    // value often the board's default.
    const partTimeTitle = fromTitle.includes('PART_TIME') && !fromTitle.includes('FULL_TIME');
    if (partTimeTitle && native.includes('FULL_TIME') && !native.includes('PART_TIME')) {
      native.splice(native.indexOf('FULL_TIME'), 1);
      added.push('PART_TIME');
    }
    // A working student over a native type without hours (cargo.one's native Intern): part-time too.
    if (
      titleSaysWorkingStudent(input.title) &&
      !native.includes('FULL_TIME') &&
      !native.includes('PART_TIME') &&
      !added.includes('PART_TIME')
    )
      added.push('PART_TIME');
    // "(Full/Part-Time)", "(80-100%)" over a native FullTime: the title offers both schedules.
    if (fromTitle.includes('FULL_TIME') && fromTitle.includes('PART_TIME'))
      for (const type of SCHEDULES) if (!native.includes(type) && !added.includes(type)) added.push(type);
    if ((internLevel || fromTitle.includes('INTERN')) && !native.includes('INTERN')) added.push('INTERN');
    // "We are looking for full-time interns", "Vollzeitpraktikum": a full-time internship is both
    // (the set's convention; a native Intern alone says nothing of the hours).
    const internship = native.includes('INTERN') || added.includes('INTERN');
    if (
      internship &&
      !native.includes('FULL_TIME') &&
      !native.includes('PART_TIME') &&
      statesFullTimeInternship(descriptionOf(input))
    )
      added.push('FULL_TIME');
    const fixedTerm = fromTitle.includes('TEMPORARY') || statesFixedTerm(descriptionOf(input));
    if (!native.includes('TEMPORARY') && !native.includes('INTERN') && fixedTerm) added.push('TEMPORARY');
    if (
      !native.includes('CONTRACTOR') &&
      !native.includes('INTERN') &&
      statesContractor(descriptionOf(input))
    )
      added.push('CONTRACTOR');
    const types = internshipTerms([...new Set([...native, ...added])]);
    if (contradicted || added.length > 0 || types.length < native.length)
      return derived(types, 'rules', NATIVE_PLUS_TITLE_CONFIDENCE);
    return derived(native, 'source_field', 1);
  }
  if (titleSaysWorkingStudent(input.title) && !fromTitle.some((type) => SCHEDULES.includes(type)))
    fromTitle.push('PART_TIME');
  if (internLevel && !fromTitle.includes('INTERN')) fromTitle.push('INTERN');
  const fullTimeIntern =
    fromTitle.includes('INTERN') &&
    !fromTitle.includes('FULL_TIME') &&
    !fromTitle.includes('PART_TIME') &&
    statesFullTimeInternship(descriptionOf(input));
  if (fullTimeIntern) fromTitle.unshift('FULL_TIME');
  if (fromTitle.length > 0) return derived(internshipTerms(fromTitle), 'rules', TITLE_CONFIDENCE);
  const fromText = internshipTerms(textEmploymentTypes(descriptionOf(input)));
  return fromText.length > 0 ? derived(fromText, 'rules', TEXT_CONFIDENCE) : undefined;
}

const FULL_TIME_INTERNSHIP =
  /\bfull[- ]?time\s+(?:intern|interns|internship|internships|working student)\b|\binternship\s+(?:is\s+)?(?:on\s+a\s+)?full[- ]?time\b|(?<![\p{L}])vollzeit-?praktik\w*|\bpraktikum\s+in\s+vollzeit\b|\bstage\s+à\s+temps\s+(?:plein|complet)\b/iu;

/** Whether a description states the internship is full-time. */
function statesFullTimeInternship(description: string): boolean {
  return FULL_TIME_INTERNSHIP.test(description);
}

/** `types` without TEMPORARY and CONTRACTOR when they hold INTERN: the internship's own term (see the top). */
function internshipTerms(types: EmploymentType[]): EmploymentType[] {
  if (!types.includes('INTERN')) return types;
  return types.filter((type) => type !== 'TEMPORARY' && type !== 'CONTRACTOR');
}

/** Maps native employment-type values to the vocabulary; unknown values are dropped. */
export function mapNativeEmploymentTypes(values: readonly string[]): EmploymentType[] {
  const out = new Set<EmploymentType>();
  let weakFullTime = false;
  for (const raw of values) {
    const value = normalizeNative(raw);
    let matched = false;
    for (const [pattern, type] of NATIVE_RULES) {
      // "Fixed-term contract" is temporary employment, not contracting.
      if (type === 'CONTRACTOR' && out.has('TEMPORARY') && /\bfixed term\b/.test(value)) continue;
      if (pattern.test(value)) {
        out.add(type);
        matched = true;
      }
    }
    if (!matched && WEAK_FULL_TIME.test(value)) weakFullTime = true;
  }
  if (weakFullTime && !out.has('FULL_TIME') && !out.has('PART_TIME')) out.add('FULL_TIME');
  return [...out];
}

function titleEmploymentTypes(title: string): EmploymentType[] {
  const types = new Set(TITLE_RULES.filter(([pattern]) => pattern.test(title)).map(([, type]) => type));
  for (const type of titleWorkload(title)) types.add(type);
  return titleSaysIntern(title) ? ['INTERN', ...types] : [...types];
}

/**
 * A contract of stated, limited length ("your contract: Full-time (40h/week) with a duration of 6
 * months", "Fixed-term contract of 12 months", "befristet auf 12 Monate"): a schedule the native
 * value gives is then temporary too (roadsurfer's and Satispay's Ashby boards, whose native value
 * is only FullTime). A sentence offering several contract kinds is a menu and says nothing.
 */
const FIXED_TERM = [
  /\b(?:contract|position|role|assignment|employment)\b[^.\n]{0,80}\b(?:duration of|for a (?:period|duration) of|lasting)\s+\d+\s*(?:months?|weeks?)\b/i,
  // "12-month contract", "1 Year Contractual Role", "a one-year appointment"; "3 years contract
  // management experience" is experience (a term's year is singular: "a 2-year contract").
  /\b(?:\d+|one|two|three|six|nine|twelve|eighteen)[- ](?:months?|year)\s+(?:fixed[- ]term\s+|temporary\s+)?(?:contract(?:ual)?|appointment)\b(?!\s+(?:management|negotiation|law|experience))/i,
  /\bfixed[- ]term\s+(?:contract|position|role|employment)\b/i,
  /(?<![\p{L}])befristet(?:e[rsn]?)?(?![\p{L}])|(?<![\p{L}])(?:contrat à durée déterminée|CDD|contratto a tempo determinato|tempo determinato|contrato temporal)(?![\p{L}])/iu,
];
const CONTRACT_MENU = /\b(?:permanent|unbefristet|indefinite|open-ended|cdi|tempo indeterminato)\b/i;

function statesFixedTerm(text: string): boolean {
  return sentencesOf(text).some(
    (sentence) => !CONTRACT_MENU.test(sentence) && FIXED_TERM.some((pattern) => pattern.test(sentence)),
  );
}

/**
 * The role described as a contractor's ("join our remote team … as a contractor", "$20.00 per hour,
 * contractor position"): CONTRACTOR is added to a native value that lacks it (Flagler Health's
 * Ashby board, employmentType FullTime on each). A condition is not a statement (see below).
 */
const CONTRACTOR_ROLE =
  /\b(?:join|joining|hired|engaged|work|working|serve|serving)\b[^.\n]{0,60}\bas an?\s+(?:independent\s+|1099\s+)?contractor\b|\b(?:independent\s+|1099\s+)?contractor\s+(?:position|role|basis)\b/i;

/** "If you join us as an independent contractor, …": one of the ways to work there, not the role's. */
const CONDITIONAL = /\b(?:if|whether|unless)\b/i;

function statesContractor(text: string): boolean {
  return sentencesOf(text).some((sentence) => CONTRACTOR_ROLE.test(sentence) && !CONDITIONAL.test(sentence));
}

/**
 * A line of the description that states the type ("Job Type: Contractor (Full-Time hours
 * expected)", "Contract Type: Contractor", "Commitment: Part-Time (hybrid) or Full-Time"): the
 * posting's own statement, which replaces a native value it contradicts — the native value is
 * often the board's default (Ashby boards whose employmentType is FullTime on a contractor's
 * posting).
 */
const STATED_TYPE =
  /^[ \t]*(?:(?:employment|job|contract|position)[ \t]+type|commitment)[ \t]*:[ \t]*([^\n]{1,80})$/gim;

function statedTypes(text: string): EmploymentType[] {
  const out = new Set<EmploymentType>();
  for (const match of text.matchAll(STATED_TYPE)) {
    const value = match[1] ?? '';
    // "Contract type: Permanent" says nothing about hours: only a kind the line names counts.
    const weakOnly = !FULL_TIME_NATIVE.test(normalizeNative(value));
    for (const type of mapNativeEmploymentTypes([value]))
      if (type !== 'FULL_TIME' || !weakOnly) out.add(type);
  }
  return [...out];
}

function textEmploymentTypes(text: string): EmploymentType[] {
  const out = new Set<EmploymentType>();
  for (const sentence of sentencesOf(text)) {
    for (const pattern of TEXT_RULES) {
      const value = pattern.exec(sentence)?.[1];
      if (value === undefined) continue;
      const mapped = mapNativeEmploymentTypes([value]);
      for (const type of mapped) out.add(type);
    }
  }
  return [...out];
}
