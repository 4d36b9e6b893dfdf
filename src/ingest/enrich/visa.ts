/**
 * visa_sponsorship (tri-state): true only when the posting explicitly offers sponsorship, false only
 * when it explicitly rules it out, omitted otherwise, including when it says both (a posting may
 * sponsor in one country and not in another) and when "visa" is the subject of the job itself
 * (an immigration officer supporting student visas offers no sponsorship).
 *
 * Ruled out: "we are unable to sponsor", "will not sponsor individuals for employment visas", "no
 * visa sponsorship", "sponsorship is not available", "must be authorized to work … without
 * sponsorship", "will not pursue visa sponsorship", "candidates requiring sponsorship will not be
 * considered", "not available for a J1 or H1B visa sponsorship", "Visa sponsorship: No", "open to
 * Saudi nationals only" (a nationality restriction; the labelled set's reading, train), "applicants
 * must not require sponsorship". Offered: "visa sponsorship is (only) available", "can be provided",
 * "we offer visa sponsorship", "we can sponsor", "eligible for visa sponsorship", "open to
 * sponsoring", "relocation and visa support", relocation support "that includes the visa /
 * work-permit procedure", "covering the J1 visa processing fee" (train), "benefits include visa
 * sponsorship", "with full visa sponsorship", "sponsoring US visas", "help you move … and get a
 * visa", a benefit line reading just "Visa sponsorship". The same statements in German,
 * French and Spanish ("Unterstützung beim Visum", "nous ne pouvons pas sponsoriser de visa", "no
 * ofrecemos patrocinio de visa"): the labelled postings in those languages say so in their own words.
 * Relocation support alone is no visa sponsorship
 * (label guidelines, SOURCES-multilingual-5.md). Each sentence votes once, negative patterns first,
 * so "we do not offer visa sponsorship" never counts as an offer.
 *
 * Not read as either: a work-authorization requirement or "US citizenship required" alone — the
 * labelled set leaves them null (train: Northrop Grumman, Hudson Manpower).
 */
import type { EnrichInput } from '../types.js';
import { descriptionOf, matchesAny, sentencesOf } from './text.js';
import { derived, type Derived } from './types.js';

const NEGATION = String.raw`(?:unable|not able|cannot|can't|can ?not|won't|will not|do not|does not|don't|doesn't|are not|is not|isn't|aren't|no longer|not)`;

/** A job-details line about sponsorship, before its value: "Visa sponsorship: ", "Sponsorship available – ". */
const SPONSORSHIP_FIELD = String.raw`\b(?:visa\s+)?sponsorship(?:\s+available)?\s*[:–-]\s*`;

const RULED_OUT: RegExp[] = [
  new RegExp(String.raw`\b${NEGATION}\s+(?:to\s+)?(?:currently\s+|be\s+)?(?:able\s+to\s+)?sponsor\w*\b`, 'i'),
  new RegExp(
    String.raw`\b${NEGATION}\s+(?:to\s+)?(?:currently\s+|be\s+)?(?:able\s+to\s+)?(?:offer|provide|support|pursue|consider|accommodate|cover|pay|include)\w*\s+(?:\w+\s+){0,4}?(?:visa|sponsorship)`,
    'i',
  ),
  new RegExp(
    String.raw`\b${NEGATION}\s+(?:\w+\s+){0,2}?(?:open|willing|in a position)\s+to\s+(?:\w+\s+){0,2}?(?:sponsor|visa)`,
    'i',
  ),
  // "We cannot help you (to) get a visa" (before the offer that names help).
  new RegExp(
    String.raw`\b${NEGATION}\s+(?:\w+\s+){0,2}?(?:help|assist)\w*\s+(?:\w+\s+){0,6}?(?:visas?|work[- ]permits?)\b`,
    'i',
  ),
  /\bno\s+(?:\w+\s+)?(?:visa\s+|immigration\s+)?sponsorship\b/i,
  /\bsponsor(?:ship|ing)\s+(?:is\s+|will\s+)?(?:not|isn't|unavailable)\b|\bsponsorship\s+(?:cannot|can't|can\s+not)\s+be\b/i,
  /\bnot\s+(?:be\s+)?(?:eligible|able|qualify)\s+(?:for|to\s+receive)\s+(?:[\w-]+\s+)?sponsorship\b/i,
  // "This position is not available for a J1 or H1B visa sponsorship."
  /\bnot\s+(?:be\s+)?(?:available|open|eligible)\s+(?:for|to)\s+(?:[\w-]+\s+){0,5}?(?:visa|sponsorship)/i,
  /\bwithout\s+(?:the\s+)?(?:need\s+(?:for|of)\s+)?(?:\w+\s+){0,5}?sponsorship\b/i,
  /\b(?:requir\w*|need\w*)\s+(?:\w+\s+){0,5}?sponsorship\b[^.]*\b(?:not be considered|ineligible|not eligible)\b/i,
  // "Applicants must not (now or in the future) require visa sponsorship", "candidates who do not need sponsorship".
  /\b(?:must|should|will|do|does)\s*(?:not|n't)\s+(?:\w+\s+){0,5}?(?:require|need)\s+(?:[\w-]+\s+){0,3}?sponsorship\b/i,
  // "Visa sponsorship: No", "Sponsorship available: not available"
  new RegExp(
    String.raw`${SPONSORSHIP_FIELD}(?:no|none|not\s+(?:available|offered|provided|possible)|unavailable)\b`,
    'i',
  ),
  // "Open to Saudi Nationals only" (recruitee, train): a nationality restriction.
  /\b(?:open|available|restricted|limited)\s+(?:only\s+)?to\s+(?:[A-Z][\w-]*\s+){1,2}[Nn]ationals\b|\b[A-Z][\w-]*\s+[Nn]ationals\s+[Oo]nly\b/,
  // German, French, Spanish: "Visa-Unterstützung ist leider nicht möglich", "nous ne pouvons pas
  // sponsoriser de visa", "no ofrecemos patrocinio de visa".
  /\b(?:Visa|Visum|Arbeitserlaubnis)\S*\s+(?:\S+\s+){0,4}?(?:nicht|keine?)\s+(?:möglich|angeboten|unterstützt|übernommen|gesponsert)/i,
  /\b(?:bieten|können|anbieten|übernehmen|leisten)\s+(?:\S+\s+){0,2}?kein\w*\s+(?:\S+\s+)?(?:Visa|Visum|Visums)\S*/i,
  /\b(?:ne\s+(?:\S+\s+){0,5}?pas|aucun\w*|pas\s+de)\s+(?:\S+\s+){0,5}?(?:sponsor\S*|parrain\S*)\s+(?:\S+\s+){0,2}?visas?\b/i,
  /\bno\s+(?:\S+\s+){0,4}?patrocin\w*\s+(?:\S+\s+){0,2}?visas?\b|\bsin\s+patrocinio\b/i,
];
const OFFERED: RegExp[] = [
  /\b(?:visa\s+|immigration\s+)?sponsorship\s+(?:is\s+|are\s+|will be\s+)?(?:(?:only|also|generally|fully)\s+)?(?:available|offered|provided|possible)\b/i,
  // "Visa sponsorship can be provided", "may be available"; "immigration support is available".
  /\bsponsorship\s+(?:can|may|could)\s+be\s+(?:made\s+)?(?:available|offered|provided)\b/i,
  /\b(?:visa|immigration|work[- ]permit)\s+(?:support|assistance)\s+(?:is\s+|are\s+|will be\s+|can be\s+)(?:available|offered|provided)\b/i,
  // "Benefits include visa sponsorship" (a negated one is ruled out first).
  /\binclud\w*\s+(?:\w+\s+){0,3}?(?:visa|immigration|work[- ]permit)\s+sponsorship\b/i,
  /\beligible\s+for\s+(?:\w+\s+){0,2}?(?:visa\s+)?sponsorship\b/i,
  /\b(?:open|willing|happy)\s+to\s+sponsor(?:ing)?\b|\bopen\s+to\s+(?:candidates|applicants)\s+(?:who\s+)?(?:requir|need)\w*\s+(?:\w+\s+){0,2}?sponsorship\b/i,
  new RegExp(String.raw`${SPONSORSHIP_FIELD}(?:yes|available|offered)\b`, 'i'),
  // Relocation support "that includes the visa / residence and work-permit procedure" (label guidelines).
  /\brelocation\s+(?:\w+\s+){0,4}?(?:includ\w*|cover\w*|with)\s+(?:\w+\s+){0,4}?(?:visas?|work[- ]permits?|residence\s+permits?)\b/i,
  // "GTAI is covering the J1 visa processing fee" (Breezy, train).
  /\b(?:cover|pay|reimburs|fund)\w*\s+(?:\w+\s+){0,3}?(?:visa|work[- ]permit)\s+(?:\w+\s+)?(?:fees?|costs?|expenses?)\b/i,
  /\b(?:help|assist\w*|support)\s+(?:you\s+)?with\s+(?:your|the)\s+(?:\w+\s+){0,2}?(?:visa|work[- ]permit)/i,
  // "We can help you move to Germany and get a visa" (train: secfix).
  /\b(?:help|assist)\w*\s+(?:you\s+)?(?:\w+\s+){0,6}?(?:get|obtain|secure|apply\s+for)\s+(?:a\s+|your\s+|the\s+)?(?:visa|work[- ]permit)/i,
  // An item of an offer or benefits list: "We offer: Competitive salary, stock options, …, and visa
  // sponsorship" (train: three postings of one board).
  /\b(?:we\s+(?:also\s+)?(?:offer|provide)|what\s+we\s+offer|benefits?|perks?)\b[^.!?]*?(?:,|\band\b|&|\+)\s*(?:full\s+)?(?:visa|immigration|work[- ]permit)\s+(?:sponsorship|support|assistance)\b/i,
  // "GetGround provides visa sponsorship for this role (if necessary)": any subject, the verb right
  // before the offer (train); "does not / no longer provide" are ruled out first.
  /\b(?:offers?|provides?|offering|providing)\s+(?:full\s+|complete\s+)?(?:visa|immigration|work[- ]permit)\s+(?:sponsorship|support|assistance)\b/i,
  // "relocation … with full visa sponsorship and legal support" (train: secfix); "without" is
  // another word, and is ruled out first.
  /\b(?:with|including|plus)\s+(?:full\s+|complete\s+)?(?:visa|immigration|work[- ]permit)\s+(?:sponsorship|support|assistance)\b/i,
  // "We don't shy away from sponsoring US visas and green card petitions" (train: ello); "not
  // sponsoring" is ruled out first.
  /\bsponsoring\s+(?:[\w-]+\s+){0,2}?(?:visas?|green\s+cards?)\b/i,
  // A benefit line that is only "Visa sponsorship" (or "Visa support & relocation").
  /^[\s\-•*·–✓✅]*(?:(?:full|complete)\s+)?(?:visa|work[- ]permit|immigration)\s+(?:sponsorship|support|assistance)(?:\s+(?:and|&|\+)\s+relocation(?:\s+\w+)?)?[\s.!]*$/i,
  /\b(?:we|we'll|we will|we can|we are able to|we're able to|we're happy to|we are happy to|we also|the company will|the company can|(?:this|the)\s+(?:role|position|job))\s+(?:\w+\s+){0,2}?(?:offer|provide|support|sponsor)\w*\s+(?:[\w-]+\s+){0,3}?(?:visas?|sponsorship|work permits?)\b/i,
  /\b(?:we|company)\s+(?:\w+\s+)?sponsors?\s+(?:\w+\s+){0,2}?visas?\b|\bwe\s+(?:will|can|do)\s+sponsor\s+(?:the\s+right\s+|qualified\s+|international\s+)?(?:candidates?|applicants?|you)\b/i,
  /\bwelcome\s+(?:\w+\s+){0,3}?(?:who\s+)?(?:requir|need)\w*\s+(?:[\w-]+\s+){0,2}?sponsorship\b/i,
  /\b(?:visa sponsorship|visa support)\s+(?:and|&)\s+relocation\b|\brelocation\s+(?:and|&)\s+(?:visa|immigration)\s+(?:sponsorship|support|assistance)\b/i,
  // German, French, Spanish: "Unterstützung beim Visum", "Visa-Sponsoring", "accompagnement pour le
  // visa", "ofrecemos patrocinio de visa" (negated ones are ruled out first).
  /\b(?:Unterstützung|Hilfe)\s+(?:beim|bei\s+der|bei|mit\s+dem|für\s+(?:das|den|die))\s+(?:\S+\s+){0,2}?(?:Visum|Visa|Visums\S*|Arbeitserlaubnis|Aufenthaltstitel)/i,
  /\bVisa[\s-]*(?:Sponsoring|Unterstützung)\b/i,
  /\b(?:accompagnement|aide|soutien|prise\s+en\s+charge)\s+(?:\S+\s+){0,3}?(?:visas?|titre\s+de\s+séjour|permis\s+de\s+travail)\b/i,
  /\b(?:ofrecemos|ofrece\w*|incluye\w*)\s+(?:\S+\s+){0,3}?patrocinio\s+(?:de\s+)?visas?/i,
];

/**
 * A sentence about sponsoring something else (a certification, an event, tuition) that names no
 * visa, immigration or work permit offers no visa sponsorship ("employees are eligible for
 * sponsorship of the CPA exam").
 */
const OTHER_SPONSORSHIP =
  /\b(?:certif\w*|events?|training|tuition|education\w*|exams?|conferences?|memberships?|licen[cs]\w*|sports?|clubs?|community|charit\w*)\b/i;
const ABOUT_VISAS = /visa|visum|immigration|permit|h-?1b|nationals|arbeitserlaubnis/i;

/** Derives visa_sponsorship from explicit statements; omitted when silent or contradictory. */
export function deriveVisaSponsorship(input: EnrichInput): Derived<boolean> | undefined {
  let offered = false;
  let ruledOut = false;
  for (const sentence of sentencesOf(descriptionOf(input))) {
    if (!/sponsor|visa|visum|permit|nationals|immigration|arbeitserlaubnis|patrocin|parrain/i.test(sentence))
      continue;
    if (OTHER_SPONSORSHIP.test(sentence) && !ABOUT_VISAS.test(sentence)) continue;
    if (matchesAny(sentence, RULED_OUT)) ruledOut = true;
    else if (matchesAny(sentence, OFFERED)) offered = true;
  }
  if (offered === ruledOut) return undefined;
  return derived(offered, 'rules', 0.85);
}
