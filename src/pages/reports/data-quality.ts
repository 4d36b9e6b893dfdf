/**
 * /reports/data-quality: the current measured data-quality report (the body of
 * GET /v1/data-quality/current, unchanged): precision and recall of the derived attributes with
 * their sample sizes, then every other metric, each chart followed by the table behind it. Every
 * metric of the report is in exactly one table, with its sample size and method. Pure.
 */
import type { components } from '../../openapi/types.js';
import { barSpec, describeBars, groupedBarSpec, renderChart, type GroupedBar } from './charts.js';
import {
  count,
  duration,
  element,
  facts,
  isSynthetic,
  layout,
  link,
  NOT_MEASURED,
  paragraph,
  section,
  share,
  SYNTHETIC_BANNER,
  table,
  time,
  type Column,
  type Content,
  type Html,
  shareText,
} from './html.js';

export type DataQualityReport = components['schemas']['DataQualityReport'];
type Metric = DataQualityReport['metrics'][number];

export const DATA_QUALITY_PATH = '/reports/data-quality';
export const DATA_QUALITY_JSON_HREF = '/v1/data-quality/current';

/** A metric's value as its unit says. */
function valueCell(metric: Metric): Content {
  if (metric.unit === 'ratio') return share(metric.value);
  if (metric.unit === 'seconds') return duration(metric.value);
  return count(metric.value);
}

interface Accuracy {
  attribute: string;
  precision?: Metric;
  recall?: Metric;
}

function accuracyRows(metrics: Metric[]): Accuracy[] {
  const rows = new Map<string, Accuracy>();
  for (const metric of metrics) {
    if (metric.metric !== 'precision' && metric.metric !== 'recall') continue;
    const row = rows.get(metric.scope) ?? { attribute: metric.scope };
    row[metric.metric] = metric;
    rows.set(metric.scope, row);
  }
  return [...rows.values()];
}

const optional = (metric: Metric | undefined, cell: (metric: Metric) => Content): Content =>
  metric === undefined ? NOT_MEASURED : cell(metric);

const ACCURACY_COLUMNS: Column<Accuracy>[] = [
  { header: 'Attribute', cell: (row) => row.attribute },
  { header: 'Precision', numeric: true, cell: (row) => optional(row.precision, (m) => share(m.value)) },
  {
    header: 'Predicted (n)',
    numeric: true,
    cell: (row) => optional(row.precision, (m) => count(m.sample_size)),
  },
  { header: 'Recall', numeric: true, cell: (row) => optional(row.recall, (m) => share(m.value)) },
  { header: 'Labelled (n)', numeric: true, cell: (row) => optional(row.recall, (m) => count(m.sample_size)) },
];

function accuracyBars(rows: Accuracy[]): GroupedBar[] {
  return rows.flatMap((row) =>
    (['precision', 'recall'] as const).flatMap((which) => {
      const metric = row[which];
      const series = which === 'precision' ? 'Precision' : 'Recall';
      return metric === undefined ? [] : [{ category: row.attribute, series, value: metric.value }];
    }),
  );
}

/** How precision and recall were measured, as the report says (one method each). */
function accuracyMethods(metrics: Metric[]): Html[] {
  return (['precision', 'recall'] as const).flatMap((which) => {
    const method = metrics.find((m) => m.metric === which && m.method !== undefined)?.method;
    return method === undefined
      ? []
      : [paragraph(`${which === 'precision' ? 'Precision' : 'Recall'}: ${method}.`)];
  });
}

async function accuracySection(metrics: Metric[]): Promise<Html> {
  const id = 'accuracy';
  const heading = 'Precision and recall of derived attributes';
  const rows = accuracyRows(metrics);
  if (rows.length === 0)
    return section(
      id,
      heading,
      paragraph(
        'This report carries no precision or recall: the labelled set was not available where it was measured.',
      ),
    );
  const chart = await renderChart(
    groupedBarSpec(accuracyBars(rows), ['Precision', 'Recall'], {
      valueTitle: 'Share',
      format: '.0%',
      max: 1,
    }),
    {
      id: `chart-${id}`,
      title: heading,
      description: describeBars(
        'Grouped bar chart of precision and recall per derived attribute; precision',
        rows.flatMap((row) =>
          row.precision === undefined ? [] : [{ category: row.attribute, value: row.precision.value }],
        ),
        shareText,
        rows.length,
      ),
    },
  );
  const caption = 'Precision (correct / predicted) and recall (correct / labelled), with sample sizes';
  return section(id, heading, ...accuracyMethods(metrics), chart, table(id, caption, ACCURACY_COLUMNS, rows));
}

const METRIC_COLUMNS: Column<Metric>[] = [
  { header: 'Metric', cell: (m) => m.metric },
  { header: 'Scope', cell: (m) => m.scope },
  { header: 'Value', numeric: true, cell: valueCell },
  { header: 'Sample size', numeric: true, cell: (m) => count(m.sample_size) },
];

/** How each metric of a group was measured, once per metric name (every scope is measured alike). */
function methods(members: Metric[]): Html {
  const said = new Map<string, string>();
  for (const m of members) if (m.method !== undefined && !said.has(m.metric)) said.set(m.metric, m.method);
  return element(
    'dl',
    { class: 'methods' },
    ...[...said].map(([metric, method]) =>
      element('div', {}, element('dt', {}, element('code', {}, metric)), element('dd', {}, method)),
    ),
  );
}

interface Group {
  id: string;
  heading: string;
  /** The metrics of the group. */
  member: (metric: Metric) => boolean;
  /** What its chart draws (undefined: a table only). */
  chart?: { series: (metric: Metric) => string; category: (metric: Metric) => string; seriesOrder: string[] };
}

const FILL = ['description_fill_rate', 'posting_date_fill_rate', 'salary_fill_rate', 'location_parse_rate'];
const FILL_LABELS = ['Description', 'Posting date', 'Salary', 'Location parsed'];

const GROUPS: Group[] = [
  {
    id: 'fill-rates',
    heading: 'Fill rates, overall and per source',
    member: (m) => FILL.includes(m.metric),
    chart: {
      category: (m) => m.scope,
      series: (m) => FILL_LABELS[FILL.indexOf(m.metric)] ?? m.metric,
      seriesOrder: FILL_LABELS,
    },
  },
  {
    id: 'crawls',
    heading: 'Crawl success, overall and per source',
    member: (m) => m.metric === 'crawl_success_rate',
    chart: { category: (m) => m.scope, series: () => 'Crawl success', seriesOrder: ['Crawl success'] },
  },
  {
    id: 'closures',
    heading: 'Close reasons',
    member: (m) => m.metric === 'close_reason_share',
    chart: {
      category: (m) => m.scope,
      series: () => 'Share of closed jobs',
      seriesOrder: ['Share of closed jobs'],
    },
  },
  {
    id: 'corpus-health',
    heading: 'Duplicates, receipts and crawl age',
    member: (m) =>
      !['precision', 'recall', 'crawl_success_rate', 'close_reason_share', ...FILL].includes(m.metric),
  },
];

async function groupSection(group: Group, metrics: Metric[]): Promise<Html | undefined> {
  const members = metrics.filter(group.member);
  if (members.length === 0) return undefined;
  const charted = group.chart;
  const ratios = members.filter((m) => m.unit === 'ratio');
  const chart =
    charted === undefined || ratios.length === 0
      ? undefined
      : await renderChart(
          charted.seriesOrder.length === 1
            ? barSpec(
                ratios.map((m) => ({ category: charted.category(m), value: m.value })),
                { valueTitle: charted.seriesOrder[0] ?? 'Share', format: '.0%', max: 1 },
              )
            : groupedBarSpec(
                ratios.map((m) => ({
                  category: charted.category(m),
                  series: charted.series(m),
                  value: m.value,
                })),
                charted.seriesOrder,
                { valueTitle: 'Share', format: '.0%', max: 1 },
              ),
          {
            id: `chart-${group.id}`,
            title: group.heading,
            description: describeBars(
              `Bar chart of ${group.heading.toLowerCase()}`,
              ratios.map((m) => ({ category: `${charted.series(m)} (${m.scope})`, value: m.value })),
              shareText,
            ),
          },
        );
  return section(
    group.id,
    group.heading,
    methods(members),
    ...(chart === undefined ? [] : [chart]),
    table(group.id, `${group.heading}: value and sample size of each metric`, METRIC_COLUMNS, members),
  );
}

function summary(report: DataQualityReport): Html {
  return facts('report', [
    ['Report', element('code', {}, report.report_id)],
    ['Corpus state measured', time(report.corpus_as_of)],
    ['Completed', time(report.generated_at)],
    ['Metrics', count(report.metrics.length)],
  ]);
}

export async function renderDataQuality(report: DataQualityReport): Promise<string> {
  const sections: Html[] = [await accuracySection(report.metrics)];
  for (const group of GROUPS) {
    const rendered = await groupSection(group, report.metrics);
    if (rendered !== undefined) sections.push(rendered);
  }
  return layout({
    title: 'Data quality',
    path: DATA_QUALITY_PATH,
    lead: 'The latest complete data-quality report the service measured: every value with its sample size and method; a metric without a sample is left out, never shown as 0.',
    body: [
      ...(isSynthetic(report) ? [SYNTHETIC_BANNER] : []),
      summary(report),
      paragraph(link(DATA_QUALITY_JSON_HREF, 'This report as JSON'), ' (the same numbers).'),
      ...sections,
    ],
  });
}
