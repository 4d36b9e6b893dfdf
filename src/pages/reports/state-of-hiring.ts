/**
 * /reports/state-of-hiring: the quarter's report (the body of GET /v1/analytics/state-of-hiring,
 * unchanged) as charts, each followed by the table behind it. Pure: report in, HTML out.
 */
import { parseQuarter, previousQuarter, quarterOf } from '../../domain/quarters.js';
import type { components } from '../../openapi/types.js';
import {
  barSpec,
  CHART_TOP,
  chartTitle,
  describeBars,
  groupedBarSpec,
  largest,
  renderChart,
  type GroupedBar,
} from './charts.js';
import {
  count,
  decimal,
  element,
  facts,
  isSynthetic,
  layout,
  link,
  NOT_MEASURED,
  paragraph,
  section,
  SYNTHETIC_BANNER,
  table,
  time,
  type Column,
  voidElement,
  type Html,
  countText,
} from './html.js';

export type StateOfHiring = components['schemas']['StateOfHiring'];
type Breakdown = components['schemas']['HiringBreakdown'];

export const STATE_OF_HIRING_PATH = '/reports/state-of-hiring';

const SERIES = ['First observed', 'Closed'];

export function stateOfHiringJsonHref(quarter: string): string {
  return `/v1/analytics/state-of-hiring?quarter=${encodeURIComponent(quarter)}`;
}

interface Dimension {
  id: 'source' | 'country' | 'family';
  heading: string;
  /** The column header of the keys. */
  key: string;
  /** What one key is, in a sentence. */
  noun: string;
  rows: Breakdown[];
}

function dimensions(report: StateOfHiring): Dimension[] {
  return [
    {
      id: 'source',
      heading: 'Posting volume by ATS',
      key: 'ATS (source)',
      noun: 'source',
      rows: report.by_source,
    },
    {
      id: 'country',
      heading: 'Posting volume by country',
      key: 'Country',
      noun: 'country',
      rows: report.by_country,
    },
    {
      id: 'family',
      heading: 'Posting volume by career family',
      key: 'Career family',
      noun: 'career family',
      rows: report.by_family,
    },
  ];
}

const medianCell = (row: { median_duration_days?: number }) =>
  row.median_duration_days === undefined ? NOT_MEASURED : decimal(row.median_duration_days);

function breakdownColumns(key: string): Column<Breakdown>[] {
  return [
    { header: key, cell: (row) => row.key },
    { header: 'First observed', numeric: true, cell: (row) => count(row.first_observed_postings) },
    { header: 'Closed', numeric: true, cell: (row) => count(row.closed_postings) },
    { header: 'Median duration (days)', numeric: true, cell: medianCell },
  ];
}

async function volumeSection(dimension: Dimension): Promise<Html> {
  const id = `by-${dimension.id}`;
  if (dimension.rows.length === 0)
    return section(
      id,
      dimension.heading,
      paragraph('No posting was first observed or closed in this quarter.'),
    );
  const drawn = largest(dimension.rows, (row) => row.first_observed_postings);
  const bars: GroupedBar[] = drawn.flatMap((row) => [
    { category: row.key, series: 'First observed', value: row.first_observed_postings },
    { category: row.key, series: 'Closed', value: row.closed_postings },
  ]);
  const chart = await renderChart(groupedBarSpec(bars, SERIES, { valueTitle: 'Postings' }), {
    id: `chart-${id}`,
    title: chartTitle(dimension.heading, drawn.length, dimension.rows.length),
    description: describeBars(
      'Bar chart of postings first observed in the quarter, with the closed postings beside each bar',
      dimension.rows.map((row) => ({ category: row.key, value: row.first_observed_postings })),
      (value) => `${countText(value)} first observed`,
    ),
  });
  return section(
    id,
    dimension.heading,
    chart,
    table(
      id,
      `${dimension.heading}, every ${dimension.noun}: postings first observed and closed, and the median duration (stated from 30 closures)`,
      breakdownColumns(dimension.key),
      dimension.rows,
    ),
  );
}

interface DurationRow {
  dimension: string;
  key: string;
  closed: number;
  median: number;
}

/** Every group whose median the report states (30 closures or more), the total first. */
function durationRows(report: StateOfHiring): DurationRow[] {
  const total = report.totals.median_duration_days;
  return [
    ...(total === undefined
      ? []
      : [{ dimension: 'All', key: 'all postings', closed: report.totals.closed_postings, median: total }]),
    ...dimensions(report).flatMap((dimension) =>
      dimension.rows.flatMap((row) =>
        row.median_duration_days === undefined
          ? []
          : [
              {
                dimension: dimension.key,
                key: row.key,
                closed: row.closed_postings,
                median: row.median_duration_days,
              },
            ],
      ),
    ),
  ];
}

const DURATION_COLUMNS: Column<DurationRow>[] = [
  { header: 'Group', cell: (row) => row.dimension },
  { header: 'Key', cell: (row) => row.key },
  { header: 'Closed', numeric: true, cell: (row) => count(row.closed) },
  { header: 'Median duration (days)', numeric: true, cell: (row) => decimal(row.median) },
];

/** Median first-seen-to-closure days wherever the report states one. */
async function durationSection(report: StateOfHiring): Promise<Html> {
  const id = 'durations';
  const heading = 'Duration signals';
  const rows = durationRows(report);
  const intro = paragraph(
    'Median days from first observation to closure of the postings closed in the quarter, for every group with at least 30 closures (below that the report states no median).',
  );
  if (rows.length === 0)
    return section(id, heading, intro, paragraph('No group had the 30 closures a median needs.'));
  const label = (row: DurationRow): string =>
    row.dimension === 'All' ? 'All postings' : `${row.dimension}: ${row.key}`;
  const bars = rows.slice(0, CHART_TOP).map((row) => ({ category: label(row), value: row.median }));
  const chart = await renderChart(barSpec(bars, { valueTitle: 'Median duration (days)', format: ',.1~f' }), {
    id: `chart-${id}`,
    title: chartTitle('Median posting duration (days)', bars.length, rows.length),
    description: describeBars(
      'Bar chart of median posting duration in days',
      rows.map((row) => ({ category: label(row), value: row.median })),
      (value) => `${String(value)} days`,
    ),
  });
  return section(
    id,
    heading,
    intro,
    chart,
    table(id, 'Median posting duration of every group with a stated median', DURATION_COLUMNS, rows),
  );
}

/** Links to the neighbouring quarters and a form for any other (a plain GET: no script). */
function quarterNavigation(quarter: string): Html {
  const current = parseQuarter(quarter);
  const previous = previousQuarter(current).id;
  const next = quarterOf(current.end).id;
  const href = (id: string) => `${STATE_OF_HIRING_PATH}?quarter=${id}`;
  return element(
    'nav',
    { class: 'quarters', 'aria-label': 'Quarters' },
    link(href(previous), `← ${previous}`),
    ' ',
    link(href(next), `${next} →`),
    element(
      'form',
      { method: 'get', action: STATE_OF_HIRING_PATH },
      element('label', { for: 'quarter' }, 'Quarter '),
      quarterInput(quarter),
      ' ',
      element('button', { type: 'submit' }, 'Show'),
    ),
  );
}

function quarterInput(quarter: string): Html {
  return voidElement('input', {
    id: 'quarter',
    name: 'quarter',
    value: quarter,
    pattern: '[0-9]{4}-Q[1-4]',
    maxlength: '7',
    size: '8',
    required: 'required',
  });
}

function summary(report: StateOfHiring): Html {
  return facts('totals', [
    ['Quarter', report.quarter],
    // The end is exclusive (the next quarter's first midnight): the last day shown is the day before.
    [
      'Period (UTC)',
      element(
        'span',
        {},
        time(report.period_start, 'day'),
        ' to ',
        time(new Date(Date.parse(report.period_end) - 1).toISOString(), 'day'),
      ),
    ],
    ['Measured through', time(report.measured_through)],
    ['Generated', time(report.generated_at)],
    ['First-observed postings', count(report.totals.first_observed_postings)],
    ['Closed postings', count(report.totals.closed_postings)],
    [
      'Median duration (days)',
      report.totals.median_duration_days === undefined
        ? NOT_MEASURED
        : decimal(report.totals.median_duration_days),
    ],
  ]);
}

function partialLabel(report: StateOfHiring): Html {
  return report.partial
    ? element(
        'p',
        { class: 'banner partial', role: 'note', 'data-partial': 'true' },
        element('strong', {}, 'Partial quarter.'),
        ' The quarter has not ended: counts cover the quarter up to ',
        time(report.measured_through),
        ' and are never projected.',
      )
    : element(
        'p',
        { class: 'complete', 'data-partial': 'false' },
        'Complete quarter: measured once after it ended and served as stored.',
      );
}

export async function renderStateOfHiring(report: StateOfHiring): Promise<string> {
  const volumes: Html[] = [];
  // One chart after the other: rendering is CPU work, so running them together gains nothing.
  for (const dimension of dimensions(report)) volumes.push(await volumeSection(dimension));
  return layout({
    title: `State of hiring, ${report.quarter}`,
    path: STATE_OF_HIRING_PATH,
    lead: 'Postings first observed and closed in one UTC calendar quarter, by ATS, country and career family: an observation of what this service crawled, not a market estimate.',
    body: [
      ...(isSynthetic(report) ? [SYNTHETIC_BANNER] : []),
      partialLabel(report),
      summary(report),
      paragraph(link(stateOfHiringJsonHref(report.quarter), 'This report as JSON'), ' (the same numbers).'),
      quarterNavigation(report.quarter),
      ...volumes,
      await durationSection(report),
    ],
  });
}
