/** The freshness section of /reports/corpus: the snapshot's freshness percentiles. Pure. */
import type { components } from '../../openapi/types.js';
import { groupedBarSpec, renderChart, type GroupedBar } from './charts.js';
import { count, duration, paragraph, section, table, type Html } from './html.js';

type Stats = components['schemas']['Stats'];
type Freshness = components['schemas']['FreshnessPercentiles'];

const FRESHNESS = [
  {
    key: 'board_crawl_age',
    label: 'Board crawl age',
    meaning: 'time since each board’s last successful crawl (dead boards excluded)',
  },
  {
    key: 'first_seen_lag',
    label: 'First-seen lag',
    meaning: 'how long after the source’s posting date an open job was first observed',
  },
] as const;

interface FreshnessRow {
  label: string;
  meaning: string;
  percentiles: Freshness;
}

export async function freshnessSection(stats: Stats): Promise<Html> {
  const id = 'freshness';
  const heading = 'Freshness';
  const rows: FreshnessRow[] = FRESHNESS.flatMap(({ key, label, meaning }) => {
    const percentiles = stats.freshness?.[key];
    return percentiles === undefined ? [] : [{ label, meaning, percentiles }];
  });
  if (rows.length === 0) return section(id, heading, paragraph('Not measured yet.'));
  const series = ['p50', 'p90', 'p99'];
  const hours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100;
  const bars: GroupedBar[] = rows.flatMap((row) => [
    { category: row.label, series: 'p50', value: hours(row.percentiles.p50_seconds) },
    { category: row.label, series: 'p90', value: hours(row.percentiles.p90_seconds) },
    { category: row.label, series: 'p99', value: hours(row.percentiles.p99_seconds) },
  ]);
  const seconds = (pick: (p: Freshness) => number) => (row: FreshnessRow) => duration(pick(row.percentiles));
  return section(
    id,
    heading,
    paragraph(rows.map((row) => `${row.label}: ${row.meaning}.`).join(' ')),
    await renderChart(groupedBarSpec(bars, series, { valueTitle: 'Hours', format: ',.1~f' }), {
      id: `chart-${id}`,
      title: 'Freshness percentiles (hours)',
      description: `Grouped bar chart of the 50th, 90th and 99th percentiles in hours: ${rows
        .map(
          (row) =>
            `${row.label} ${String(hours(row.percentiles.p50_seconds))}, ${String(hours(row.percentiles.p90_seconds))} and ${String(hours(row.percentiles.p99_seconds))}`,
        )
        .join('; ')}. The table below gives the exact seconds.`,
    }),
    table<FreshnessRow>(
      id,
      'Freshness percentiles at the snapshot time',
      [
        { header: 'Measure', cell: (row) => row.label },
        { header: 'p50', numeric: true, cell: seconds((p) => p.p50_seconds) },
        { header: 'p90', numeric: true, cell: seconds((p) => p.p90_seconds) },
        { header: 'p99', numeric: true, cell: seconds((p) => p.p99_seconds) },
        { header: 'Sample size', numeric: true, cell: (row) => count(row.percentiles.sample_size) },
      ],
      rows,
    ),
  );
}
