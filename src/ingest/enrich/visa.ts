/**
 * visa_sponsorship (tri-state): true only when the posting explicitly offers sponsorship, false only
 * when it explicitly rules it out, omitted otherwise, including when it says both (a posting may
 * sponsor in one country and not in another) and when "visa" is the subject of the job itself
 * (an immigration officer supporting student visas offers no sponsorship).
 *
 * Ruled out: "we are unable to sponsor", "will not sponsor individuals for employment visas", "no
 * visa sponsorship", "sponsorship is not available", "must be authorized to work … without
 * sponsorship", "will not pursue visa sponsorship", "candidates requiring sponsorship will not be
 * considered", "not available for a J1 or H1B visa sponsorship". Offered: "visa sponsorship is
 * available", "we offer visa sponsorship", "we can sponsor", "relocation and visa support". Each
 * sentence votes once, negative patterns first, so "we do not offer visa sponsorship" never counts
 * as an offer.
 */
import type { EnrichInput } from '../types.js';
import { descriptionOf, matchesAny, sentencesOf } from './text.js';
import { derived, type Derived } from './types.js';

const NEGATION = String.raw`(?:unable|not able|cannot|can't|can ?not|won't|will not|do not|does not|don't|doesn't|are not|is not|not)`;

const RULED_OUT: RegExp[] = [
  new RegExp(String.raw`\b${NEGATION}\s+(?:to\s+)?(?:currently\s+|be\s+)?(?:able\s+to\s+)?sponsor\w*\b`, 'i'),
  new RegExp(
    String.raw`\b${NEGATION}\s+(?:to\s+)?(?:currently\s+|be\s+)?(?:able\s+to\s+)?(?:offer|provide|support|pursue|consider|accommodate)\w*\s+(?:\w+\s+){0,4}?(?:visa|sponsorship)`,
    'i',
  ),
  /\bno\s+(?:\w+\s+)?(?:visa\s+|immigration\s+)?sponsorship\b/i,
  /\bsponsorship\s+(?:is\s+|will\s+)?(?:not|unavailable)\b/i,
  /\bnot\s+(?:be\s+)?(?:eligible|able)\s+(?:for|to\s+receive)\s+(?:\w+\s+)?sponsorship\b/i,
  // "This position is not available for a J1 or H1B visa sponsorship."
  /\bnot\s+(?:be\s+)?(?:available|open|eligible)\s+(?:for|to)\s+(?:[\w-]+\s+){0,5}?(?:visa|sponsorship)/i,
  /\bwithout\s+(?:the\s+)?(?:need\s+(?:for|of)\s+)?(?:\w+\s+){0,5}?sponsorship\b/i,
  /\b(?:requir\w*|need\w*)\s+(?:\w+\s+){0,5}?sponsorship\b[^.]*\b(?:not be considered|ineligible|not eligible)\b/i,
];
const OFFERED: RegExp[] = [
  /\b(?:visa\s+|immigration\s+)?sponsorship\s+(?:is\s+|will be\s+)?(?:available|offered|provided|possible)\b/i,
  /\b(?:we|we'll|we will|we can|we are able to|we're able to|we're happy to|we are happy to|we also|the company will|the company can)\s+(?:\w+\s+){0,2}?(?:offer|provide|support|sponsor)\w*\s+(?:\w+\s+){0,3}?(?:visas?|sponsorship|work permits?)\b/i,
  /\b(?:we|company)\s+(?:\w+\s+)?sponsors?\s+(?:\w+\s+){0,2}?visas?\b/i,
  /\b(?:visa sponsorship|visa support)\s+(?:and|&)\s+relocation\b|\brelocation\s+(?:and|&)\s+(?:visa|immigration)\s+(?:sponsorship|support|assistance)\b/i,
];

/** Derives visa_sponsorship from explicit statements; omitted when silent or contradictory. */
export function deriveVisaSponsorship(input: EnrichInput): Derived<boolean> | undefined {
  let offered = false;
  let ruledOut = false;
  for (const sentence of sentencesOf(descriptionOf(input))) {
    if (!/sponsor|visa/i.test(sentence)) continue;
    if (matchesAny(sentence, RULED_OUT)) ruledOut = true;
    else if (matchesAny(sentence, OFFERED)) offered = true;
  }
  if (offered === ruledOut) return undefined;
  return derived(offered, 'rules', 0.85);
}
