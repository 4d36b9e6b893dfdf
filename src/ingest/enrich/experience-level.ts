/**
 * experience_level: intern, entry, mid, senior, lead, executive.
 *
 * Native values first (SmartRecruiters/Workable/LinkedIn scale, Recruitee, Personio), source_field 1:
 *   Internship, Student, Working student            → intern
 *   Entry level, Entry-level, Junior, Graduate      → entry
 *   Associate (the LinkedIn level above entry)      → mid
 *   Mid level, Medior, Intermediate                 → mid
 *   Senior                                          → senior
 *   Manager, Lead                                   → lead
 *   Director, Executive, VP                         → executive
 * A title stating senior, lead or executive outranks a different native value, and an intern title an
 * entry-level one (rules 0.95): boards file one default level on every row.
 * Some native values span two levels: "Mid-Senior level" and "experienced" mean mid or senior; a
 * title cue inside that span decides (rules 0.9), a lead or executive title outranks it as it does
 * a single value (rules 0.95), otherwise mid (rules 0.7). "Not Applicable" and unknown values are
 * ignored.
 *
 * Title cues (rules 0.85), first match wins:
 *   Intern, Internship, Co-op, Trainee, Apprentice (not a working student: no level) → intern
 *   Junior, Jr., Graduate, Entry-level, New Grad, Associate or Assoc (as a prefix: "Associate
 *   Product Manager"; not before Counsel, Partner, Principal, Professor, Dean, VP, Attorney),
 *   rotation programmes, Staff Accountant/Auditor, level I                        → entry
 *   Senior, Sr., "(Senior)", level III/IV                                         → senior
 *   Lead, Principal, Staff (engineering-style: "Staff Engineer"), Supervisor,
 *   Team Lead, Engineering Manager                                                → lead
 *   Associate Director                                                            → lead
 *   Director (not "Account Director"), Dir, VP, Vice President, Head of, Chief,
 *   C-level (CEO, CTO, CFO, COO, CMO, CIO), President                             → executive
 *   level II, Mid-level, a title opening with "Mid" (not a market segment), Medior → mid
 * "Manager" alone is no cue: it ranges from a first-line sales manager to a senior leader.
 *
 * Last, the description (rules 0.6): the role as the posting introduces it ("we are looking for a
 * Senior Application Engineer"), or an explicit early-career statement ("someone early in their
 * career", "recent graduates", "entry-level position", "beginning their … career", German
 * "Berufseinstieg"). Years of experience are not mapped: "5+
 * years" means mid at one company and senior at another.
 * "Account Executive", "Executive Assistant" and "Member of Technical Staff" carry no level.
 */
import type { EmploymentType, ExperienceLevel } from '../../domain/job.js';
import type { EnrichInput } from '../types.js';
import { descriptionOf, normalizeNative, sentencesOf, titleSaysIntern } from './text.js';
import { derived, type Derived } from './types.js';

type NativeMapping = ExperienceLevel | readonly ExperienceLevel[];

const NATIVE_RULES: [RegExp, NativeMapping][] = [
  [/^(?:internship|intern|student|working student|werkstudent|trainee)$/, 'intern'],
  [/^(?:entry level|entry|junior|graduate|new grad|jr)$/, 'entry'],
  [/^(?:associate)$/, 'mid'],
  [/^(?:mid level|mid|medior|intermediate|professional)$/, 'mid'],
  [/^(?:mid senior level|mid senior|experienced|experienced professional)$/, ['mid', 'senior']],
  [/^(?:senior level|senior)$/, 'senior'],
  [/^(?:manager|management|lead|team lead)$/, 'lead'],
  [/^(?:director|executive|vp|vice president|c level|c suite|senior executive)$/, 'executive'],
];

const TITLE_RULES: [RegExp, ExperienceLevel][] = [
  [
    // "Chief" is C-level only as a chief … officer or the chief of staff: a survey "Party Chief", a
    // "Crew Chief" or a "Chief Engineer" leads a crew or a discipline (train: a Party Chief).
    /\b(?:vice president|vp|svp|evp|ceo|cto|cfo|coo|cmo|cio|ciso|president|head of)\b|\bchief\s+(?:[\w&/,.-]+\s+){0,3}?officer\b|\bchief (?:of staff|executive)\b|(?<!account\s|associate\s)\bdirector\b|\bdir\b/i,
    'executive',
  ],
  [
    /\b(?:principal|staff\s+(?:software|engineer|data|machine|ml|security|product|designer|scientist|researcher|site|back[- ]?end|front[- ]?end|full|platform|infrastructure|mobile|ios|android|web|devops|sre|analytics|ux|ui)|lead|leader|supervisor|engineering manager|team lead|teamlead|associate director)\b/i,
    'lead',
  ],
  // A team's or a shift's leader in German, French, Spanish, Italian and Portuguese.
  [
    /(?<![\p{L}])(?:teamleiter(?:in)?|teamleitung|schichtleiter(?:in)?|schichtleitung|chef d'équipe|cheffe d'équipe|responsable d'équipe|jefe de equipo|líder de equipo|capo ?squadra|caporeparto|chefe de equipa|líder de equipe)(?![\p{L}])/iu,
    'lead',
  ],
  [/\b(?:senior|sr)\b\.?|\(senior\)|\b(?:iii|iv)\s*$|\b(?:iii|iv)\b(?=\s*[-–,(])/i, 'senior'],
  [
    /\b(?:junior|jr|graduate|grad|entry[- ]level|new grad)\b\.?|^assoc(?:iate\b|\.|\b)(?!\s+(?:(?:general|legal|corporate|product)\s+counsel|counsel|partner|principal|professor|dean|vice\s+president|vp|attorney)\b)|\brotation(?:al)? program(?:me)?\b|\bstaff\s+(?:accountant|auditor)\b|\bI\s*$/i,
    'entry',
  ],
  // Case-sensitive for the numeral ("ii" is no level), so "Mid-level" is spelled in both cases. A
  // title opening with "Mid" is that grade ("Mid Backend Engineer", train) unless a market or size
  // segment follows ("Mid Market Account Executive"); Dutch "Medior" anywhere.
  [
    /\b[Mm]id[- ][Ll]evel\b|\bII\s*$|\bII\b(?=\s*[-–,(])|^(?:[Mm]id|MID)\s+(?!(?:[Mm]arket|MARKET|[Ss]ize|[Ss]ized|[Cc]ap|[Ww]est|[Aa]tlantic)\b)|\b[Mm]edior\b/,
    'mid',
  ],
];

const INTRODUCED_ROLE =
  /\b(?:looking for|seeking|hiring|searching for|in search of)\s+(?:an?\s+)?(?:(?:experienced|talented|motivated|passionate|driven)\s+)?((?:[Ss]enior|[Ss]r\.?|[Jj]unior|[Jj]r\.?|[Ll]ead|[Pp]rincipal|[Ss]taff)\s+\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)*)/u;
const EARLY_CAREER =
  /\b(?:early in (?:your|their|his or her) career|early[- ]career (?:professional|candidate)s?|recent (?:college |university )?graduates?|new grads?|entry[- ]level (?:role|position|opportunity)|career starters?|beginning (?:your|their) (?:[\w-]+ ){0,3}career|berufseinst\w*|berufsanf[aä]nger\w*)\b/i;

/**
 * Words that look like cues but are not levels; "… to the CEO" names whom the role supports
 * ("Executive Assistant (to CEO) & Office Manager", "Executive Assistant to the CEO": Aspora, Lawhive).
 */
const FALSE_CUES =
  /\baccount executive\b|\bexecutive assistant\b|\bmember of technical staff\b|\blead generation\b|\bto\s+(?:the\s+|our\s+)?(?:ceo|cto|cfo|coo|cmo|cio|president|co-?founders?|founders?)\b/gi;

/** Derives experience_level from the native value, then title cues; omitted when neither says. */
export function deriveExperienceLevel(
  input: EnrichInput,
  employmentTypes: readonly EmploymentType[] = [],
): Derived<ExperienceLevel> | undefined {
  const native = mapNativeExperience(input.posting.experience);
  const fromTitle = titleLevel(input.title);
  // An internship (the derived employment type) is the intern level, whatever entry-level scale
  // the board files it under.
  const internship = employmentTypes.includes('INTERN');
  if (internship && (native === undefined || native === 'entry') && (fromTitle ?? 'intern') === 'intern')
    return derived('intern', 'rules', 0.85);
  // Boards file one level on every row (a city's "Entry Level" on its directors, "Associate" on a
  // senior engineer): a title that states senior or above, or an internship over an entry level,
  // outranks the native value. On train and dev the title was right in 6 of the 7 such rows.
  // The same for a native value that spans two levels ("experienced" on "Lead Software Developer").
  if (
    native !== undefined &&
    fromTitle !== undefined &&
    !levelsOf(native).includes(fromTitle) &&
    (TITLE_OUTRANKS_NATIVE.has(fromTitle) || (fromTitle === 'intern' && native === 'entry'))
  )
    return derived(fromTitle, 'rules', 0.95);
  if (typeof native === 'string') return derived(native, 'source_field', 1);
  if (native !== undefined) {
    if (fromTitle !== undefined && native.includes(fromTitle)) return derived(fromTitle, 'rules', 0.9);
    const [first] = native;
    if (first !== undefined) return derived(first, 'rules', 0.7);
  }
  if (fromTitle !== undefined) return derived(fromTitle, 'rules', 0.85);
  // Boards file their graduate and early-career roles under a department or team of that name.
  const group = `${input.posting.department ?? ''} ${input.posting.team ?? ''}`;
  if (EARLY_CAREER_GROUP.test(group)) return derived('entry', 'rules', 0.6);
  const fromText = descriptionLevel(descriptionOf(input));
  return fromText === undefined ? undefined : derived(fromText, 'rules', 0.6);
}

const TITLE_OUTRANKS_NATIVE: ReadonlySet<ExperienceLevel> = new Set(['senior', 'lead', 'executive']);

/** The levels a native value names (one, or the two a span covers). */
function levelsOf(native: NativeMapping): readonly ExperienceLevel[] {
  return typeof native === 'string' ? [native] : native;
}

const EARLY_CAREER_GROUP =
  /\b(?:early(?:[- ]in)? career|new grads?|graduate programme|graduate program|emerging talent)\b/i;

/** The level the description states for this role, if any. */
export function descriptionLevel(text: string): ExperienceLevel | undefined {
  for (const sentence of sentencesOf(text)) {
    const introduced = INTRODUCED_ROLE.exec(sentence)?.[1];
    if (introduced !== undefined) {
      const level = titleLevel(introduced);
      if (level !== undefined) return level;
    }
    if (EARLY_CAREER.test(sentence)) return 'entry';
  }
  return undefined;
}

/** Maps a native seniority value: one level, a span of levels, or undefined. */
export function mapNativeExperience(value: string | undefined): NativeMapping | undefined {
  if (value === undefined) return undefined;
  const v = normalizeNative(value);
  for (const [pattern, mapping] of NATIVE_RULES) if (pattern.test(v)) return mapping;
  return undefined;
}

/** The level a title states, if any. */
export function titleLevel(title: string): ExperienceLevel | undefined {
  const cleaned = title.replace(FALSE_CUES, ' ');
  if (titleSaysIntern(cleaned)) return 'intern';
  for (const [pattern, level] of TITLE_RULES) if (pattern.test(cleaned)) return level;
  return undefined;
}
