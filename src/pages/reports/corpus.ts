/**
 * /reports/corpus: the public corpus statistics (the body of GET /v1/stats, unchanged) as charts,
 * each followed by the table behind it, with the snapshot's time. Pure: stats in, HTML out.
 * A figure the snapshot omits (never measured) is shown as not measured, never as 0.
 */
import type { components } from '../../openapi/types.js';
import {
  barSpec,
  chartTitle,
  describeBars,
  groupedBarSpec,
  largest,
  renderChart,
  type Bar,
  type GroupedBar,
} from './charts.js';
import { freshnessSection } from './freshness.js';
import {
  count,
  duration,
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
  countText,
} from './html.js';

export type Stats = components['schemas']['Stats'];
type SourceRow = Stats['per_source'][number];

export const CORPUS_PATH = '/reports/corpus';
export const STATS_JSON_HREF = '/v1/stats';

const optionalShare = (value: number | undefined): Content =>
  value === undefined ? NOT_MEASURED : share(value);

async function sourcesSection(stats: Stats): Promise<Html> {
  const id = 'per-source';
  const heading = 'Open jobs by source';
  if (stats.per_source.length === 0) return section(id, heading, paragraph('No source has a board yet.'));
  const bars: Bar[] = stats.per_source.map((row) => ({ category: row.source, value: row.jobs_open }));
  const drawn = largest(bars, (bar) => bar.value);
  const columns: Column<SourceRow>[] = [
    { header: 'Source', cell: (row) => row.source },
    { header: 'Open jobs', numeric: true, cell: (row) => count(row.jobs_open) },
    { header: 'Boards', numeric: true, cell: (row) => count(row.boards) },
    {
      header: 'Refresh cadence',
      numeric: true,
      cell: (row) =>
        row.refresh_cadence_seconds === undefined ? NOT_MEASURED : duration(row.refresh_cadence_seconds),
    },
    {
      header: 'Last complete sweep',
      cell: (row) => (row.last_sweep_at === undefined ? NOT_MEASURED : time(row.last_sweep_at)),
    },
  ];
  return section(
    id,
    heading,
    await renderChart(barSpec(drawn, { valueTitle: 'Open jobs' }), {
      id: `chart-${id}`,
      title: chartTitle(heading, drawn.length, bars.length),
      description: describeBars('Bar chart of open jobs by source', bars, countText),
    }),
    table(id, 'Open jobs, boards and crawl cadence of every source', columns, stats.per_source),
  );
}

const FILL_RATES = [
  { key: 'description_fill_rate', label: 'Description' },
  { key: 'posting_date_fill_rate', label: 'Posting date' },
  { key: 'salary_fill_rate', label: 'Salary' },
] as const;

async function fillRateSection(stats: Stats): Promise<Html> {
  const id = 'fill-rates';
  const heading = 'Fill rates by source';
  const intro = paragraph(
    'Share of each source’s open jobs that carry a description, the source’s posting date and a salary.',
  );
  const measured = stats.per_source.filter((row) => row.description_fill_rate !== undefined);
  if (measured.length === 0) return section(id, heading, intro, paragraph('No source has open jobs.'));
  const drawn = largest(measured, (row) => row.jobs_open);
  const bars: GroupedBar[] = drawn.flatMap((row) =>
    FILL_RATES.map(({ key, label }) => ({ category: row.source, series: label, value: row[key] ?? 0 })),
  );
  const series = FILL_RATES.map(({ label }) => label);
  const columns: Column<SourceRow>[] = [
    { header: 'Source', cell: (row) => row.source },
    ...FILL_RATES.map(({ key, label }) => ({
      header: label,
      numeric: true,
      cell: (row: SourceRow) => optionalShare(row[key]),
    })),
  ];
  return section(
    id,
    heading,
    intro,
    await renderChart(
      groupedBarSpec(bars, series, { valueTitle: 'Share of open jobs', format: '.0%', max: 1 }),
      {
        id: `chart-${id}`,
        title: chartTitle(heading, drawn.length, measured.length),
        description: describeBars(
          'Grouped bar chart of description, posting-date and salary fill rates by source; description fill rate',
          measured.map((row) => ({ category: row.source, value: row.description_fill_rate ?? 0 })),
          shareText,
        ),
      },
    ),
    table(id, 'Fill rates of every source with open jobs', columns, measured),
  );
}

interface BarSection {
  id: string;
  heading: string;
  intro?: Html;
  bars: Bar[];
  /** The table's caption. */
  caption: string;
  /** Headers of the category and value columns. */
  columns: [string, string];
  /** Values are shares (0–1), not counts. */
  shares: boolean;
}

/** A bar chart (the largest bars) and its two-column table of every bar. */
async function barSection(spec: BarSection): Promise<Html> {
  const { id, heading, bars, columns, shares } = spec;
  const drawn = largest(bars, (bar) => bar.value);
  const say = (value: number): string => (shares ? shareText(value) : countText(value));
  const options = shares ? { valueTitle: columns[1], format: '.0%', max: 1 } : { valueTitle: columns[1] };
  return section(
    id,
    heading,
    ...(spec.intro === undefined ? [] : [spec.intro]),
    await renderChart(barSpec(drawn, options), {
      id: `chart-${id}`,
      title: chartTitle(heading, drawn.length, bars.length),
      description: describeBars(`Bar chart of ${heading.toLowerCase()}`, bars, say),
    }),
    table<Bar>(
      id,
      spec.caption,
      [
        { header: columns[0], cell: (row) => row.category },
        { header: columns[1], numeric: true, cell: (row) => (shares ? share(row.value) : count(row.value)) },
      ],
      bars,
    ),
  );
}

async function countriesSection(stats: Stats): Promise<Html> {
  const heading = 'Open jobs by country';
  if (stats.per_country.length === 0)
    return section('per-country', heading, paragraph('No open job has a derived country.'));
  return barSection({
    id: 'per-country',
    heading,
    bars: stats.per_country.map((row) => ({ category: row.country_code, value: row.jobs_open })),
    caption: 'Open jobs of every country (ISO 3166-1 alpha-2)',
    columns: ['Country', 'Open jobs'],
    shares: false,
  });
}

async function coverageSections(stats: Stats): Promise<Html[]> {
  const families = stats.career_family_coverage;
  const enrichment = stats.enrichment_coverage;
  if (families === undefined || enrichment === undefined) return [];
  return [
    await barSection({
      id: 'career-families',
      heading: 'Open jobs by career family',
      intro: paragraph(
        'Classified (a family other than unknown): ',
        share(families.classified_share),
        ' of open jobs.',
      ),
      bars: Object.entries(families.by_family).map(([category, value]) => ({ category, value })),
      caption: 'Open jobs of every career family',
      columns: ['Career family', 'Open jobs'],
      shares: false,
    }),
    await barSection({
      id: 'enrichment',
      heading: 'Enrichment coverage',
      intro: paragraph('Share of open jobs carrying each derived attribute.'),
      bars: Object.entries(enrichment).map(([category, value]) => ({ category, value })),
      caption: 'Share of open jobs carrying each derived attribute',
      columns: ['Derived attribute', 'Share of open jobs'],
      shares: true,
    }),
  ];
}

function summary(stats: Stats): Html {
  return facts('totals', [
    ['Snapshot taken', time(stats.generated_at)],
    ['Open jobs', count(stats.totals.jobs_open)],
    ['Closed jobs', count(stats.totals.jobs_closed)],
    ['Companies', count(stats.totals.companies)],
    ['Boards', count(stats.totals.boards)],
    ['Sources', count(stats.totals.sources)],
  ]);
}

export async function renderCorpus(stats: Stats): Promise<string> {
  // One chart after the other: rendering is CPU work, so running them together gains nothing.
  const sections: Html[] = [];
  sections.push(await sourcesSection(stats));
  sections.push(await fillRateSection(stats));
  sections.push(await countriesSection(stats));
  sections.push(...(await coverageSections(stats)));
  sections.push(await freshnessSection(stats));
  return layout({
    title: 'The corpus',
    path: CORPUS_PATH,
    lead: 'What the index holds: open jobs per source and country, fill rates, classification coverage and freshness, from the statistics snapshot the service refreshes every few minutes.',
    body: [
      ...(isSynthetic(stats) ? [SYNTHETIC_BANNER] : []),
      summary(stats),
      paragraph(link(STATS_JSON_HREF, 'These statistics as JSON'), ' (the same snapshot).'),
      ...sections,
    ],
  });
}
