/** /reports (the index of the report pages) and the HTML error page they answer with. Pure. */
import type { ValidationIssue } from '../../domain/errors.js';
import { CORPUS_PATH, STATS_JSON_HREF } from './corpus.js';
import { DATA_QUALITY_JSON_HREF, DATA_QUALITY_PATH } from './data-quality.js';
import { element, layout, link, paragraph, SYNTHETIC_BANNER, type Html } from './html.js';
import { STATE_OF_HIRING_PATH } from './state-of-hiring.js';

export const INDEX_PATH = '/reports';

interface Entry {
  path: string;
  title: string;
  what: string;
  json: string;
}

const ENTRIES: Entry[] = [
  {
    path: STATE_OF_HIRING_PATH,
    title: 'State of hiring',
    what: 'Postings first observed and closed in a quarter, by ATS, country and career family, with median posting durations. The latest completed quarter, or any other with ?quarter=YYYY-Qn.',
    json: '/v1/analytics/state-of-hiring',
  },
  {
    path: CORPUS_PATH,
    title: 'The corpus',
    what: 'What the index holds now: open jobs per source and country, fill rates, classification coverage and freshness percentiles.',
    json: STATS_JSON_HREF,
  },
  {
    path: DATA_QUALITY_PATH,
    title: 'Data quality',
    what: 'The latest measured data-quality report: precision and recall of the derived attributes, fill rates, duplicates, crawl success, each with its sample size.',
    json: DATA_QUALITY_JSON_HREF,
  },
];

/** `synthetic`: the corpus includes synthetic demo data (the pages it links say so too). */
export function renderIndex(synthetic: boolean): string {
  return layout({
    title: 'Reports',
    path: INDEX_PATH,
    lead: 'Charts of what this service measures, each with the table behind it and a link to the same numbers as JSON.',
    body: [
      ...(synthetic ? [SYNTHETIC_BANNER] : []),
      element(
        'ul',
        { class: 'reports' },
        ...ENTRIES.map((entry) =>
          element(
            'li',
            {},
            element('h2', {}, link(entry.path, entry.title)),
            paragraph(entry.what),
            paragraph('JSON: ', link(entry.json, element('code', {}, entry.json))),
          ),
        ),
      ),
    ],
  });
}

export interface ErrorPage {
  status: number;
  title: string;
  message: string;
  /** The validation problems of a 422, as the JSON endpoint lists them. */
  issues?: ValidationIssue[];
  requestId: string;
  path: string;
}

function issueList(issues: ValidationIssue[]): Html {
  return element(
    'ul',
    { class: 'issues' },
    ...issues.map((issue) => element('li', {}, element('code', {}, issue.loc.join('.')), `: ${issue.msg}`)),
  );
}

/** The page of a failed report request: the status the JSON endpoint answers, said for a person. */
export function renderError(page: ErrorPage): string {
  return layout({
    title: page.title,
    path: page.path,
    lead: page.message,
    body: [
      ...(page.issues === undefined || page.issues.length === 0 ? [] : [issueList(page.issues)]),
      paragraph(
        'Status ',
        element('span', { 'data-status': String(page.status) }, String(page.status)),
        '. Request id ',
        element('code', {}, page.requestId),
        '.',
      ),
      paragraph(link(INDEX_PATH, 'All reports')),
    ],
  });
}
