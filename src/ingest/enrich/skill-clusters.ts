/**
 * skill_clusters: lower-case slug tags from keyword lists over the title and the description.
 *
 * Taxonomy (tag: what it covers):
 *   software_engineering (generic software roles with no narrower tag), backend, frontend, fullstack,
 *   mobile, data_engineering, data_science (analytics, BI, statistics, experimentation, quant
 *   research), machine_learning, devops_cloud (SRE, infrastructure, cloud), security,
 *   embedded_hardware (firmware, hardware, RF, semiconductors), qa_testing, sales, marketing,
 *   customer_success (account management, implementation, onboarding), customer_support, design,
 *   product_management, project_management, operations (business operations, supply chain, EHS),
 *   finance_accounting, legal_compliance, hr_recruiting, administration, content_writing,
 *   healthcare, skilled_trades.
 *
 * Scoring: a title match is decisive (3 points). Description keywords count one point per distinct
 * keyword; a cluster needs 3 distinct keywords when the title already produced a tag and 2 when it
 * did not, so boilerplate ("the leading AI analytics platform") does not tag every posting; under a
 * software title the engineering clusters need 2 (the title says engineering, the description
 * which kind: train and dev, 8 more labelled tags found, none lost). At most four tags, highest
 * score first. software_engineering is only a fallback for software titles that
 * no narrower engineering tag covers.
 */
import { escapeRegExp } from '../../lib/regexp.js';
import type { EnrichInput } from '../types.js';
import { NOT_A_ROLE } from './career-family.js';
import {
  CARE_TITLE_OTHER_LANGUAGES,
  descriptionOf,
  SELLER_TITLE_OTHER_LANGUAGES,
  TRADE_TITLE_OTHER_LANGUAGES,
} from './text.js';
import { derived, type Derived } from './types.js';

interface Cluster {
  tag: string;
  title?: RegExp;
  keywords: string[];
}

const CLUSTERS: Cluster[] = [
  {
    tag: 'backend',
    title:
      /\bback[- ]?end\b|\bapi\b|\bplatform engineer|\bdistributed systems\b|\bstorage\b|\blow[- ]level\b|\bquantitative developer\b|\bquant developer\b|(?:^|\s)\.net\b|\bc#|\b(?:python|java|golang|go|ruby|rails|node(?:\.?js)?|scala|elixir|php|django)\s+(?:engineer|developer)\b/i,
    keywords: [
      'backend',
      'back-end',
      'microservices',
      'rest api',
      'grpc',
      'golang',
      'java',
      'scala',
      'rust',
      'c++',
      'node.js',
      'postgres',
      'distributed systems',
      'kafka',
      'api design',
      'integrations',
    ],
  },
  {
    tag: 'frontend',
    title: /\bfront[- ]?end\b|\bui engineer\b|\bweb developer\b/i,
    keywords: [
      'frontend',
      'front-end',
      'react',
      'typescript',
      'javascript',
      'css',
      'html',
      'vue',
      'angular',
      'next.js',
      'web performance',
    ],
  },
  { tag: 'fullstack', title: /\bfull[- ]?stack\b/i, keywords: ['full-stack', 'fullstack', 'full stack'] },
  {
    tag: 'mobile',
    title: /\bmobile\b|\bios\b|\bandroid\b|\breact native\b|\bflutter\b/i,
    keywords: [
      'ios',
      'android',
      'swift',
      'kotlin',
      'swiftui',
      'jetpack compose',
      'mobile app',
      'react native',
    ],
  },
  {
    tag: 'data_engineering',
    title:
      /\bdata engineer|\bdata platform\b|\betl\b|\banalytics engineer|\bpyspark\b|\binformatica\b|\bpalantir foundry\b/i,
    keywords: [
      'etl',
      'data pipeline',
      'airflow',
      'spark',
      'dbt',
      'snowflake',
      'databricks',
      'bigquery',
      'redshift',
      'data warehouse',
      'datapipelines',
      'data lake',
    ],
  },
  {
    tag: 'data_science',
    title:
      /\bdata scien|\bdata analy|\banalytics\b|\bbusiness intelligence\b|\bstatistic|\bquantitative research|\bquant research|\bexperimentation\b/i,
    keywords: [
      'statistics',
      'statistical',
      'a/b test',
      'experiment design',
      'experimental design',
      'causal inference',
      'sql',
      'tableau',
      'looker',
      'power bi',
      'regression',
      'data analysis',
      'dashboards',
      'analytics',
    ],
  },
  {
    tag: 'machine_learning',
    title:
      /\bmachine learning\b|\bml\b|\bai (?:engineer|researcher|scientist)\b|\bdeep learning\b|\bllm\b|\bnlp\b|\bcomputer vision\b/i,
    keywords: [
      'machine learning',
      'deep learning',
      'pytorch',
      'tensorflow',
      'llm',
      'large language model',
      'neural network',
      'model training',
      'modern models',
      'applied ai',
      'transformers',
    ],
  },
  {
    tag: 'devops_cloud',
    title:
      /\bdevops\b|\bsite reliability\b|\bsre\b|\binfrastructure\b|\bcloud engineer|\bplatform reliability\b|\bci engineer\b|\bcdn\b|\bnetwork (?:\w+ )?engineer|\bsystems? administrator\b/i,
    keywords: [
      'kubernetes',
      'terraform',
      'aws',
      'gcp',
      'azure',
      'docker',
      'ci/cd',
      'observability',
      'prometheus',
      'on-call',
      'infrastructure as code',
      'site reliability',
    ],
  },
  {
    tag: 'security',
    title: /\bsecurity\b|\bappsec\b|\binfosec\b|\bcyber\w*|\bpenetration\b|\bincident respon|\babuse\b/i,
    keywords: [
      'vulnerability',
      'threat model',
      'soc 2',
      'penetration testing',
      'siem',
      'incident response',
      'cloud security',
      'iam',
    ],
  },
  {
    tag: 'embedded_hardware',
    title:
      /\bfirmware\b|\bhardware\b|\bembedded\b|\basic\b|\bfpga\b|\brf\b|\bmmic\b|\belectrical engineer|\bsemiconductor|\baircraft systems?\b|\bavionics\b|\bpower electronics?\b|\bmems\b|\bble\b|\bbluetooth\b/i,
    keywords: [
      'firmware',
      'embedded systems',
      'fpga',
      'asic',
      'verilog',
      'pcb',
      'soc design',
      'digital logic',
      'electronics',
    ],
  },
  {
    tag: 'qa_testing',
    title: /\bqa\b|\bquality assurance\b|\btest engineer|\bsdet\b|\btester\b|\bvalidation\b/i,
    keywords: ['test automation', 'selenium', 'cypress', 'playwright', 'test plans'],
  },
  {
    tag: 'sales',
    title:
      /\bsales\b|\baccount executive\b|\bbusiness developer\b|\b(?:private|relationship) banker\b|\baccount director\b|\bbusiness development\b|\bbdr\b|\bsdr\b|\bpartner development\b|\bpartnerships?\b|\bsolutions? engineer\b|\bpre-?sales\b|\b(?:gtm|go[- ]to[- ]market) engineer\b|\b(?:physician|provider|referral) (?:liaison|relations)\b/i,
    keywords: [
      'quota',
      'pipeline generation',
      'closing',
      'prospecting',
      'sales cycle',
      'territory',
      'new logos',
      'outbound',
    ],
  },
  {
    tag: 'marketing',
    title:
      /\bmarketing\b|\bmarketer\b|\bseo\b|\bsem\b|\bsea\b|\bsocial media\b|\bbrand\b|\bgo[- ]to[- ]market\b|\bcommunications\b|\bdemand generation\b|\bcrm manager\b|\bperformance media\b|\bmedia (?:planner|buyer)\b|\bpaid (?:search|social)\b/i,
    keywords: [
      'seo',
      'campaigns',
      'social media',
      'brand',
      'content marketing',
      'demand generation',
      'paid search',
      'marketing automation',
    ],
  },
  {
    tag: 'customer_success',
    title:
      /\b(?:customer|client) success\b|\bimplementation\b|\bonboarding\b|\baccount manag|\btechnical account manager\b|\b(?:customer|delivery) solutions? architect\b|\bproduct success\b|\bdeployment strategist\b/i,
    keywords: [
      'customer success',
      'onboarding',
      'implementation',
      'adoption',
      'renewals',
      'customer lifecycle',
      'churn',
    ],
  },
  {
    tag: 'customer_support',
    title:
      /\bcustomer support\b|\bcustomer service\b|\bcustomer care\b|(?<!\b(?:office|underwriting|sales|marketing|hr|finance|admin|administrative|payroll|clinical) )\bsupport specialist\b|\bhelp ?desk\b|\bservice desk\b|\bsupport engineer\b|\b(?:technical|it|desktop) support\b|\bsupport informatique\b|\bsupport (?:representative|agent|associate|advisor)\b|\bclient (?:services?|experience)\b|\bmember services?\b|\bpolicy ?holder services\b|\bcsr\b|\bclaims advocate\b|\bpatient engagement\b|\bescalations? (?:support|manager|specialist|lead)\b/i,
    keywords: ['tickets', 'zendesk', 'support queue', 'customer inquiries'],
  },
  {
    tag: 'design',
    title:
      /designer|\bux\b|\bui\/ux\b|\buser research|\bproduct design|\bgraphic\b|\bvisual design|\bweb ?design/i,
    keywords: [
      'figma',
      'sketch',
      'adobe',
      'prototyping',
      'user research',
      'visual design',
      'interaction design',
      'design system',
    ],
  },
  {
    tag: 'product_management',
    title:
      /\bproduct manager\b|\bproduct owner\b|\bproduct lead\b|\bhead of product\b|\bproduct management\b/i,
    keywords: ['product roadmap', 'product requirements', 'prd', 'product discovery', 'user stories'],
  },
  {
    tag: 'project_management',
    title:
      /\bprogram manager\b|\bprogramme manager\b|\bproject manag(?:er|ement)\b|\btpm\b|\bdelivery manager\b|\bscrum master\b/i,
    keywords: [
      'project management',
      'program management',
      'pmp',
      'scrum',
      'agile',
      'milestones',
      'cross-functional programs',
    ],
  },
  {
    tag: 'operations',
    title:
      /\boperations\b|\bops\b|\bsupply (?:chain|planning|quality)\b|\blogisti\w*|\bprocurement\b|\bpurchasing\b|\bsourcing\b|\bsupplier\b|\bclaims? (?:examiner|specialist|manager|supervisor|handler|processor)\b|\bprocessor\b|\b(?:policy|claims?|order|loan|new business) processing\b|\bdispatch\w*|\bproperty manager\b|\bresident manager\b|\border management\b|\bwarehouse\b|\bfleet\b|\bmaterial handler\b|\bquality (?:manager|lead|specialist|inspector)\b|\blead - quality\b|\behs\b|\bhse\b|\bhealth (?:&|and) safety\b|\bfacilities\b|\bradiation protection\b/i,
    keywords: [
      'supply chain',
      'logistics',
      'procurement',
      'process improvement',
      'vendor management',
      'operational excellence',
    ],
  },
  {
    tag: 'finance_accounting',
    title:
      /\baccount(?:ant|ing)\b|\bfinance\b|\bfinancial\b|\bcontroller\b|\baudit\b|\btax\b|\btreasury\b|\bfp&a\b|\bpayroll\b|\bbookkeep|\bcredit\b|\bfraud\b|\bwealth management\b|\bportfolio manage(?:ment|rs?)\b|\bactuar\w*|\bstructured products\b|\bbilling\b|\bcontabilidade\b|\bcomptab\w*|\bbuchhalt\w*|\banaplan\b/i,
    keywords: [
      'gaap',
      'ifrs',
      'hgb',
      'month-end',
      'monthly closing',
      'reconciliation',
      'general ledger',
      'journal entries',
      'accounts payable',
      'financial statements',
      'audit',
    ],
  },
  {
    tag: 'legal_compliance',
    title:
      /\blegal\b|\bcounsel\b|\blawyer\b|\battorney\b|\bparalegal\b|\bcompliance\b|\bregulatory\b|\breg\b|\bpolicy\b(?! ?holders?| processing| administration| services| servicing| issuance| owner)|\bsolicitor\b|\bimmigrations?\b|\bjuridique\b|\bparajuriste\b|\banti-money laundering\b|\baml\b/i,
    // Not 'legal' or 'compliance' alone: every EEO footer says them.
    keywords: [
      'commercial contracts',
      'contract negotiation',
      'msa',
      'dpa',
      'gdpr',
      'litigation',
      'regulatory filings',
      'legal advice',
      'red lines',
    ],
  },
  {
    tag: 'hr_recruiting',
    title:
      /\brecruit(?!ment days?\b)|\btalent\b(?! (?:program|programme|pool|community)\b)|\bhuman resources\b|\bhr\b|\bpeople partner\b|\bpeople operations\b|\b(?:head|vp|director|chief) (?:of )?people\b|\bpeople (?:&|and) culture\b|\blearning (?:&|and) development\b|\bemployee success\b|\bworkforce development\b/i,
    keywords: [
      'full-cycle recruitment',
      'full cycle recruiting',
      'sourcing',
      'candidates',
      'hiring managers',
      'talent acquisition',
      'employee relations',
    ],
  },
  {
    tag: 'administration',
    title:
      /\badministrative\b|\badministrator\b|(?<!\b(?:teaching|teacher'?s?|classroom|nursing|care|healthcare|pharmacy|veterinary|vet|therapy|rehab(?:ilitation)?|home) )\bassistant(?=\s*(?:$|[-–—,(/|]|to\b))|\breceptionist\b|\boffice manager\b|\boffice support\b|\bsecretary\b|\bcoordinator\b|\bclerk\b/i,
    keywords: [
      'calendars',
      'calendaring',
      'scheduling',
      'travel arrangements',
      'expense reports',
      'office management',
      'administrative support',
    ],
  },
  {
    tag: 'content_writing',
    title:
      /\bwriter\b|\bcopywriter\b|\beditor\b|\bcontent (?:strategist|associate|creator|marketing|producer|specialist)\b/i,
    keywords: ['copywriting', 'editorial', 'copy editing'],
  },
  {
    tag: 'healthcare',
    title:
      /\bnurse\b|\bnursing\b|\bcna\b|\blpn\b|\bcaregiver\b|\bphysician\b|\bclinical\b|\bmedical\b|\bmedicine\b|\bnurse practitioner\b|\bnp\/pa\b|\btherapist\b|\bpharmac|\bbehavior analyst\b|\bbcba\b|\bbehavioral health\b|\bdentist\b|\bdental (?:assistant|hygienist)\b|\bhygienist\b|\bveterinarian\b|\bparamedic\b|\bphlebotom\w*|\bsonograph\w*/i,
    keywords: ['patient care', 'clinical', 'patients', 'bedside'],
  },
  {
    tag: 'skilled_trades',
    title:
      /\btechnician\b|\belectrician\b|\bmechanic\b|\bwelder\b|\bplumber\b|\bhvac\b|\bmachinist\b|\blineman\b|\blineworker\b|\binstaller\b|\bcarpenter\b|\bassembler\b|\bmaintenance (?:worker|technician|mechanic)\b|\bgroundskeeper\b|\bstage crew\b|\bprocess operator\b|\bbaker\b|\bpastry\b/i,
    keywords: ['hand tools', 'preventive maintenance', 'troubleshooting equipment', 'osha'],
  },
];

/** Keyword patterns compiled once. */
const COMPILED = CLUSTERS.map((cluster) => ({ ...cluster, patterns: cluster.keywords.map(keywordPattern) }));

const ENGINEERING_TAGS = new Set([
  'backend',
  'frontend',
  'fullstack',
  'mobile',
  'data_engineering',
  'machine_learning',
  'devops_cloud',
  'security',
  'embedded_hardware',
  'qa_testing',
]);
const GENERIC_SOFTWARE_TITLE =
  /\bsoftware (?:engineer|engineering|developer|development)\b|(?<!\bbusiness )\bdeveloper\b|\bprogrammer\b|\bmember of technical staff\b|\bstaff engineer\b|\bsmart contracts? (?:engineer|developer)\b|\bforward[- ]deployed (?:software |solutions? )?engineer/i;

/** A department of software people: IT, or engineering at a software company's scale. */
const SOFTWARE_DEPARTMENT =
  /^(?:information technology|IT|technology|engineering|software engineering|tech)$/i;
/** A title that leads or builds (managers of platforms, engineers), not one that sells or serves. */
const ENGINEERING_ROLE =
  /\b(?:manager|engineer|engineering|architect|director|head|lead|cto|chief technology officer|platforms?)\b/i;

/** Engineering that is not software's ("Civil Engineer (PE) - Aviation" in an Engineering department). */
const OTHER_DISCIPLINE =
  /\b(?:civil|mechanical|electrical|structural|chemical|process|manufacturing|industrial|environmental|geotechnical|aerospace|aircraft|hardware|field|sales|service|quality|facilities|maintenance|project|water|transportation|traffic|mining|petroleum|biomedical|nuclear|rf|optical|materials?|design)\b/i;

/**
 * A software role with no narrower title whose description names both ends of the stack ("Working
 * fluidly between React/TypeScript frontend and Golang backend", "Backend: NodeJS … Frontend:
 * React") or the whole of it ("across the full stack") is full-stack: seven train/dev postings of five
 * boards, each read as frontend or backend by keywords alone.
 */
function spansTheStack(description: string): boolean {
  return (
    /\bfull[- ]?stack\b/.test(description) ||
    (/\bfront[- ]?end\b/.test(description) && /\bback[- ]?end\b/.test(description))
  );
}

const TITLE_SCORE = 3;
const MAX_TAGS = 4;
const MIN_KEYWORDS_WITH_TITLE_TAG = 3;
const MIN_KEYWORDS_WITHOUT_TITLE_TAG = 2;

/** Derives skill_clusters from title and description keywords; omitted when nothing matches. */
export function deriveSkillClusters(input: EnrichInput): Derived<string[]> | undefined {
  const description = descriptionOf(input).toLowerCase();
  const scores = new Map<string, number>();
  const titleTags = new Set<string>();
  addTitleTags(input.title, titleTags);
  // A title that names no function ("Director", "Sr. Manager", "Full Time Member") is read through
  // its department ("Cyber Security", "Finance & Accounting"): 8 such train/dev postings had no tag.
  const department = (input.posting.department ?? input.posting.team)?.trim();
  const byDepartment =
    titleTags.size === 0 && department !== undefined && department !== '' && !NOT_A_ROLE.test(input.title);
  if (byDepartment) for (const tag of departmentTags(department, input.title)) titleTags.add(tag);
  const threshold = titleTags.size > 0 ? MIN_KEYWORDS_WITH_TITLE_TAG : MIN_KEYWORDS_WITHOUT_TITLE_TAG;
  // A software title says the job is engineering; which kind is the description's to say, at the
  // threshold of a title that named none.
  const engineeringTitle = [...titleTags].some(
    (tag) => tag === 'software_engineering' || ENGINEERING_TAGS.has(tag),
  );
  for (const cluster of COMPILED) {
    const hits = description === '' ? 0 : cluster.patterns.filter((p) => p.test(description)).length;
    const needed =
      engineeringTitle && ENGINEERING_TAGS.has(cluster.tag) ? MIN_KEYWORDS_WITHOUT_TITLE_TAG : threshold;
    const score = (titleTags.has(cluster.tag) ? TITLE_SCORE : 0) + (hits >= needed ? hits : 0);
    if (score > 0) scores.set(cluster.tag, score);
  }
  if (titleTags.has('software_engineering')) scores.set('software_engineering', TITLE_SCORE);
  if (titleTags.has('software_engineering') && spansTheStack(description))
    scores.set('fullstack', Math.max(...scores.values()) + 1);
  if (scores.size === 0) return undefined;
  const tags = [...scores.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_TAGS)
    .map(([tag]) => tag);
  return derived(tags, 'rules', titleTags.size === 0 ? 0.6 : byDepartment ? 0.7 : 0.8);
}

/**
 * The tags of a title that names no function, from its department: the ones it names outright, else
 * software engineering for a role that leads or builds in an IT or engineering department ("Manager
 * - Digital Experience & Workflow Platforms" in Information Technology; not a civil engineer).
 */
function departmentTags(department: string, title: string): Set<string> {
  const tags = new Set<string>();
  addTitleTags(department, tags);
  if (
    tags.size === 0 &&
    SOFTWARE_DEPARTMENT.test(department) &&
    ENGINEERING_ROLE.test(title) &&
    !OTHER_DISCIPLINE.test(title)
  )
    tags.add('software_engineering');
  return tags;
}

/** The tags a title (or a department) names outright; software_engineering only as a fallback. */
function addTitleTags(text: string, tags: Set<string>): void {
  for (const cluster of CLUSTERS) if (cluster.title?.test(text) === true) tags.add(cluster.tag);
  // Trades, care roles and sellers written in other languages (text.ts).
  if (TRADE_TITLE_OTHER_LANGUAGES.test(text)) tags.add('skilled_trades');
  if (CARE_TITLE_OTHER_LANGUAGES.test(text)) tags.add('healthcare');
  if (SELLER_TITLE_OTHER_LANGUAGES.test(text)) tags.add('sales');
  const software = GENERIC_SOFTWARE_TITLE.test(text);
  if (software && ![...tags].some((t) => ENGINEERING_TAGS.has(t))) tags.add('software_engineering');
  // Software work on AI ("AI Software Engineering", "Software Engineer (AI Agents)") is both.
  if (software && AI_WORD.test(text)) tags.add('software_engineering').add('machine_learning');
}

const AI_WORD = /\bAI\b/;

/** Whole-word pattern for a keyword that may hold punctuation ("c++", "node.js", "a/b test"). */
function keywordPattern(keyword: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(keyword)}(?![\\p{L}\\p{N}])`, 'u');
}
