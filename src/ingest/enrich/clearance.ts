/**
 * security_clearance: true only when the posting explicitly requires a security clearance; false
 * only when it explicitly says none is needed; omitted otherwise (the search filter maps
 * `security_clearance=false` to "not known to require", which includes omission).
 *
 * Decisions:
 * - "must be able to obtain a security clearance" / "eligible for a clearance" count as required:
 *   the job cannot be done without one, even if the hire need not hold it on day one.
 * - a clearance that is only "preferred", "a plus", "nice to have" or "desired" is not a
 *   requirement and is ignored.
 * - "TS/SCI", "active Secret clearance", "Top Secret clearance", "Public Trust", "polygraph" with a
 *   clearance are requirements.
 * - customs, medical, export, credit or tax "clearance" is not a security clearance.
 * - a posting that says both (typically different roles on one page) is omitted.
 */
import type { EnrichInput } from '../types.js';
import { descriptionOf, matchesAny, sentencesOf, splitSentences } from './text.js';
import { derived, type Derived } from './types.js';

const LEVEL = String.raw`(?:(?:u\.?s\.?|us|government|federal|dod|active|current|valid|top secret|ts\/sci|ts|secret|security|public trust|sc|dv|nv1|nv2|baseline|interim|level|and|or|\/|,)\s*)*`;

const REQUIRED: RegExp[] = [
  /\bts\s?\/\s?sci\b/i,
  /\b(?:top secret|secret|public trust|dv|sc|nv1|nv2)\s+(?:level\s+)?(?:security\s+)?clearance\b/i,
  new RegExp(String.raw`\b(?:active|current|valid)\s+${LEVEL}clearance\b`, 'i'),
  new RegExp(
    String.raw`\b(?:must|required to|need to|will need to|ability to|able to|eligible to|eligibility to|willing to|expected to)\s+(?:be\s+able\s+to\s+)?(?:obtain|hold|maintain|possess|have|acquire|get|receive)\s+(?:and\s+maintain\s+)?(?:an?\s+|the\s+)?${LEVEL}clearance\b`,
    'i',
  ),
  new RegExp(String.raw`\b(?:eligible|eligibility)\s+for\s+(?:an?\s+)?${LEVEL}clearance\b`, 'i'),
  /\bclearance\s+(?:is\s+)?(?:required|mandatory|a must|needed)\b/i,
  new RegExp(String.raw`\brequires?\s+(?:an?\s+)?${LEVEL}clearance\b`, 'i'),
];
const NOT_REQUIRED: RegExp[] = [
  /\bno\s+(?:security\s+)?clearance\s+(?:is\s+)?(?:required|needed|necessary)\b/i,
  /\b(?:security\s+)?clearance\s+(?:is\s+)?not\s+(?:required|needed|necessary)\b/i,
  /\b(?:does|do|will)\s+not\s+require\s+(?:an?\s+|any\s+)?(?:security\s+)?clearance\b/i,
  /\bno\s+(?:security\s+)?clearance\s+(?:requirement|needed)\b/i,
];
const OPTIONAL =
  /\b(?:preferred|a plus|nice to have|desired|desirable|bonus|an advantage|advantageous|beneficial)\b/i;
const OTHER_CLEARANCE = /\b(?:customs|medical|export|import|credit|tax|financial|site|safety)\s+clearance\b/i;

/** Derives security_clearance from explicit statements in title and description. */
export function deriveSecurityClearance(input: EnrichInput): Derived<boolean> | undefined {
  let required = false;
  let notRequired = false;
  // The title's units, then the description's (the description's split is shared with the other rules).
  for (const sentence of [...splitSentences(input.title), ...sentencesOf(descriptionOf(input))]) {
    if (!/clearance|ts\s?\/\s?sci/i.test(sentence) || OTHER_CLEARANCE.test(sentence)) continue;
    if (matchesAny(sentence, NOT_REQUIRED)) notRequired = true;
    else if (!OPTIONAL.test(sentence) && matchesAny(sentence, REQUIRED)) required = true;
  }
  if (required === notRequired) return undefined;
  return derived(required, 'rules', 0.85);
}
