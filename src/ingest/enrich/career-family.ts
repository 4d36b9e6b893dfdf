/**
 * career_family: one of the 12 family codes, from the title first and the department second. The
 * description is not used: company boilerplate ("the leading AI analytics platform") names every
 * function. When neither title nor department names a function the attribute is omitted; 'unknown'
 * is never produced here (omission already says it).
 *
 * Families (what each covers):
 * - engineering: software, hardware, firmware, infrastructure, security and QA engineering,
 *   technical research (research scientists), IT;
 * - data_ai_analytics: data science, analytics, BI, data engineering, machine learning, quant research;
 * - product_strategy: product management, program management, strategy;
 * - design_research: product/UX/graphic/web design, user research, creative writing;
 * - go_to_market: sales, business development, partnerships, marketing, customer success;
 * - business_operations: operations, implementation, supply chain, procurement, EHS, customer support;
 * - finance_risk: accounting, finance, audit, tax, treasury, risk, fraud, credit;
 * - people_talent: recruiting, HR, learning and development;
 * - legal_policy: legal, compliance, regulatory affairs, policy, immigration;
 * - administration: administrative and executive assistance, office management, coordinators;
 * - general_professional: roles outside corporate functions: healthcare, technicians and skilled
 *   trades, food service, education, plant and field roles.
 *
 * The rules are ordered: specific phrases before the generic words they contain ("Customer Success
 * Engineer" is go-to-market, "Staff Accountant" finance, "Solar Operations Technician" a trade).
 */
import type { CareerFamily } from '../../domain/job.js';
import type { EnrichInput } from '../types.js';
import {
  CARE_TITLE_OTHER_LANGUAGES,
  SELLER_TITLE_OTHER_LANGUAGES,
  TRADE_TITLE_OTHER_LANGUAGES,
} from './text.js';
import { derived, type Derived } from './types.js';

type Family = Exclude<CareerFamily, 'unknown'>;

const FAMILY_RULES: [Family, RegExp][] = [
  // Forward-deployed engineers build software at the customer's site: engineering, even when the
  // title also says "Solutions Engineer".
  ['engineering', /\bforward[- ]deployed (?:software |solutions? )?engineer/i],
  // Engineers of the sales machine ("GTM Engineer": builds sales tooling) and physician liaisons
  // (a clinic's outreach to referring doctors) sell, before the engineering and care words.
  [
    'go_to_market',
    /\b(?:(?:customer success|sales|solutions?|pre-?sales|partner|gtm|go[- ]to[- ]market)\s+(?:engineer|architect)|(?:physician|provider|referral)\s+(?:liaison|relations)|customer solutions? architect|business develop\w*|devrel|developer relations|developer advocate)/i,
  ],
  // An account executive sells, whatever the market named after the comma ("Financial Services",
  // "Billing"): before the finance words.
  ['go_to_market', /\baccount (?:executive|manager|director)\b/i],
  // Bankers and brokers who hold clients sell; revenue and sales operations run the machine behind
  // the sellers (before the finance and go-to-market words they contain).
  ['go_to_market', /\b(?:(?:private|relationship) banker|brokers?)\b/i],
  ['business_operations', /\b(?:revenue|sales|marketing) operations\b|\brevops\b/i],
  // A customer or field service engineer maintains equipment at the customer's site (CT and MRI
  // scanners on a Paylocity board): a technician's trade, before the customer-service words.
  ['general_professional', /\b(?:field|customer) service (?:engineer|technician)s?\b/i],
  // Service desks of customers, clients, members and patients are customer support whatever the
  // grade word (assistant, coordinator, representative) or the pool they recruit into.
  [
    'business_operations',
    /\b(?:customer|client|member|policy ?holder) (?:service|services|support|care|experience)|patient (?:services|experience)\b|\bescalations? (?:support|manager|specialist|lead)\b/i,
  ],
  // A recruiter of nurses is a recruiter (before the healthcare words).
  ['people_talent', /\b(?:recruit(?:er|ers|ing|ment)|talent acquisition)\b/i],
  // Social media, content and brand strategists market (before "strategist").
  ['go_to_market', /\b(?:social media|content|brand|marketing|communications?) strateg\w*/i],
  // Professional services consultants implement the product for customers.
  ['business_operations', /\bprofessional services\b/i],
  // Support that carries an engineering word is still customer support (the family's definition).
  [
    'business_operations',
    /\b(?:technical |application |customer |product )?support (?:engineer|developer)\b/i,
  ],
  // IT administrators, security responders and incident managers (IT service management) are
  // engineering, not administration or operations (dev: two "Incident Manager" postings).
  [
    'engineering',
    /\b(?:(?:systems?|network|security|database|cloud|linux|windows)(?: and \w+)? administrator|(?:it|systems?) admin(?:istrator)?|administrator(?:ka)? (?:systemów|sieci|it)|incident (?:respon\w*|manag\w*)|cyber ?security)\b/iu,
  ],
  // Sellers and commercial leads in other languages and words ("Assistente Vendite", "Commercial
  // Team Lead", train), before the administration word "assistant".
  ['go_to_market', /\b(?:commercial (?:team )?(?:lead|manager|director|head|executive|associate))\b/i],
  ['go_to_market', SELLER_TITLE_OTHER_LANGUAGES],
  [
    'legal_policy',
    /\b(?:counsel|lawyer|attorney|legal|paralegal|solicitor|compliance|regulatory|reg\b|policy(?! ?holders?| processing| administration| services| servicing| issuance| owner)|privacy officer|contracts? manager|immigrations?|juridique|parajuriste|avocat|jurist\w*|rechtsanwalt\w*|aml|anti-money laundering)\b/i,
  ],
  [
    'data_ai_analytics',
    /\b(?:data scien\w*|data analy\w*|data engineer\w*|analytics engineer|machine learning|ml|mlops|ai (?:engineer|researcher|scientist)|deep learning|analytics|business intelligence|bi|statistic\w*|quantitative research\w*|quant research\w*)\b/i,
  ],
  [
    'engineering',
    /\b(?:engineer\w*|\w*ingenieur(?:in)?|ingénieure?|ingegner[ei]|ingenier[oa]s?|developer|software|programmer|sre|site reliability|devops|firmware|hardware|architect|technical staff|full[- ]?stack|front[- ]?end|back[- ]?end|qa|quality assurance|test automation|it support|informati\w*|sysadmin|system administrator|research scientist|scientist)\b/i,
  ],
  [
    'general_professional',
    /\b(?:technician|nurse|nursing|cna|lpn|caregiver|physician|therapist|pharmacist|medical assistant|health care|healthcare|driver|mechanic|electrician|plumber|welder|machinist|carpenter|hvac|lineman|lineworker|installer|operator|warehouse|teacher|tutor|radiation protection|health physics|chef|cook|clinician|behavior analyst|bcba|behavioral health|case manager|athletic trainer|counselor|counsellor|social worker|maintenance (?:worker|technician|mechanic)|groundskeeper|janitor|custodian|housekeep\w*|assembler|material handler|forklift|stage crew|educator|surveyor|clinical (?:operations|affairs)|baker|bakery|pastry|barista|dishwasher|food service|(?:car |house |office )?cleaner|medical (?:coding|coder|science liaison|science liason)|medicine|nurse practitioner|physician assistant|np\/pa|dentist|dental (?:assistant|hygienist)|hygienist|veterinarian|paramedic|phlebotom\w*|sonograph\w*|professor|lecturer|instructor|dermatologist|psychiatrist|psychologist|cardiologist|radiologist|oncologist|neurologist|anesthesiologist|anesthetist|pediatrician|paediatrician|obstetrician|gynecologist|surgeon|optometrist|ophthalmologist|audiologist|podiatrist|chiropractor|midwife|dietitian|dietician|nutritionist|embryologist|(?:exercise )?physiologist|md\/do|beautician|estetista|esthéticienne|kosmetiker(?:in)?)s?\b/iu,
  ],
  // Assistants in classrooms and on wards help teach or care: not administration, whose generic
  // "assistant" comes later (dev: "Teaching Assistant - Autism School" read as administration).
  [
    'general_professional',
    /\b(?:teach(?:ing|er'?s?) (?:assistant|aide)s?|classroom (?:assistant|aide)s?|paraprofessionals?|para-?educators?|(?:nursing|care|healthcare|health care|pharmacy|veterinary|vet|therapy|rehab(?:ilitation)?) (?:assistant|aide)s?)\b/i,
  ],
  // The same trades and care roles in German compounds and in Romance languages (a roadsurfer train
  // board's "Fahrzeugtechniker" fell through to their "Fleet Operations" department), and the
  // drivers, cooks, educators and cleaners of those languages.
  ['general_professional', TRADE_TITLE_OTHER_LANGUAGES],
  ['general_professional', CARE_TITLE_OTHER_LANGUAGES],
  [
    'general_professional',
    /(?:kraftfahrer|busfahrer|lkw-fahrer|staplerfahrer|lagerist|erzieher|reinigungskraft|(?<![\p{L}])koch)(?:in|innen)?(?![\p{L}])|(?<![\p{L}])(?:chauffeur|cuisinier|cociner[oa]|cozinheir[oa]|cuoc[oa]|autista|motorista)(?![\p{L}])/iu,
  ],
  [
    'design_research',
    /designer|\b(?:ux|ui|user research\w*|illustrator|creative director|art director|copywriter|writer)\b/i,
  ],
  [
    'product_strategy',
    /\b(?:product manager|product owner|product lead|head of product|product management|program manager|programme manager|project manager|project management|technical program|tpm|strategy|strategist|chief of staff)\b/i,
  ],
  [
    'finance_risk',
    /\b(?:accountant|accounting|accounts payable|accounts receivable|finance|financial|controller|audit\w*|tax|treasury|fp&a|payroll|risk|fraud|credit|actuar\w*|underwrit\w*|bookkeep\w*|investment|wealth management|portfolio manage(?:ment|rs?)|structured products|trader|trading|billing|collections)\b/i,
  ],
  // A business analyst maps a business's processes and requirements (train: three of four such
  // titles labelled operations, the fourth product): before the go-to-market word a department adds.
  // An IT or technical one analyses systems: engineering, as before.
  ['business_operations', /(?<!\b(?:it|technical|technology|systems?)\s+)\bbusiness analyst\b/i],
  // A department named "People" alone is the HR team (train, dev: People Operations Manager, People
  // Partner, Working Student in it).
  ['people_talent', /^\s*people\s*$/i],
  [
    'people_talent',
    /\b(?:recruit\w*|talent|human resources|hr|hrbp|people (?:partner|operations|ops|team)|learning (?:and|&) development|workforce development|(?:head|vp|director|chief)\s+(?:of\s+)?people|people\s+(?:lead|manager|director|officer|business partner|(?:&|and)\s+culture))\b/i,
  ],
  [
    'go_to_market',
    /\b(?:sales|account executive|account manager|account director|business development|bdr|sdr|partner development|partnerships?|marketing|marketer|growth|seo|sem|sea|social media|brand|communications|public relations|customer success|client success|go[- ]to[- ]market|demand generation|revenue|performance media|media (?:planner|buyer)|paid (?:search|social))\b/i,
  ],
  [
    'administration',
    /\b(?:administrative|administrator|admin|assistant|receptionist|office manager|office management|office support|secretary|clerk|coordinator|data entry)\b/i,
  ],
  [
    'business_operations',
    /\b(?:operations|ops|implementation|onboarding|supply chain|supply planning|supplier|sourcing|logisti\w*|procurement|purchasing|customer (?:support|service|care)|support specialist|client services?|member services?|csr|claims?|adjuster|dispatch\w*|property manag\w*|order management|quality (?:manager|specialist|lead|inspector|control)|lead - quality|processor|processing|patient (?:engagement|access|services)|facilities|ehs|hse|health (?:&|and) safety|safety)\b/i,
  ],
  ['engineering', /\b(?:technology|technical|it)\b/i],
];

/** Open applications and placeholders name no function; their department is not a role either. */
export const NOT_A_ROLE =
  /(?:^|[^\p{L}])(?:general application|open application|open position|spontaneous application|unsolicited|talent pool|wild card|åpen søknad|initiativbewerbung)(?![\p{L}])/iu;

const TITLE_CONFIDENCE = 0.85;
const DEPARTMENT_CONFIDENCE = 0.6;

/**
 * A member of technical staff on research, inference or reinforcement learning builds the models
 * (train: three such titles of one board): read on the whole title, since the specialty follows
 * the separator that titleHead cuts at ("Member of technical staff (Inference)").
 */
const MODEL_BUILDER =
  /\bmember of (?:the )?technical staff\b.*\b(?:research|reinforcement learning|inference|machine learning|ml|ai|llms?|models?|pre-?training|post-?training)\b/i;

/** Derives career_family from the title, then the department; omitted when neither names a function. */
export function deriveCareerFamily(input: EnrichInput): Derived<CareerFamily> | undefined {
  const fromTitle = MODEL_BUILDER.test(input.title)
    ? 'data_ai_analytics'
    : (familyOf(titleHead(input.title)) ?? familyOf(input.title));
  if (fromTitle !== undefined) return derived(fromTitle, 'rules', TITLE_CONFIDENCE);
  if (NOT_A_ROLE.test(input.title)) return undefined;
  const department = input.posting.department ?? input.posting.team;
  const fromDepartment = department === undefined ? undefined : familyOf(department);
  return fromDepartment === undefined ? undefined : derived(fromDepartment, 'rules', DEPARTMENT_CONFIDENCE);
}

/**
 * The role a title names before its first separator (" - ", ",", "(", "|", ":"): what follows is a
 * team, product or specialty ("Software Developer – WAF Learning Engine & Machine Learning",
 * "Engineering Manager, Backend - Systems and Analytics", "Staff Software Engineer, Data Platform"
 * are software engineering; "Data Engineer - TS/SCI" is data). When the head names no family
 * ("Intern (m/f/d) - Corporate Development", "BERLIN - Station Manager") the whole title is read.
 */
function titleHead(title: string): string {
  return title.split(/\s[-–—|]\s|[,(:|]/)[0] ?? title;
}

/** The first family whose rule matches the text. */
export function familyOf(text: string): Family | undefined {
  for (const [family, pattern] of FAMILY_RULES) if (pattern.test(text)) return family;
  return undefined;
}
