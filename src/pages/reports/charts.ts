/**
 * Charts as inline SVG, rendered on the server: a Vega-Lite spec compiled to Vega, run by a
 * headless `vega.View` and serialized by `View#toSVG()`. No DOM and no canvas are needed: without
 * the optional `canvas` package (not installed) Vega measures text by its estimate
 * (0.8 × font size per character), which errs wide, so axis labels get room rather than overlap.
 * The output carries presentation attributes only (no `style` attribute, no `<style>`), so the
 * pages' Content-Security-Policy needs no inline-style allowance. Specs hold their data inline:
 * the View never loads anything.
 *
 * Measured (2 shared cores, Node 24): 20–40 ms per chart, a page of 3–6 charts 60–130 ms (production
 * sizes: 36 sources, 120 countries), the first page of a process ~230 ms (module load, warm-up).
 */
import type { TopLevelSpec } from 'vega-lite';
import { escapeHtml, raw, type Html } from './html.js';

/** The text alternative of a chart: its title and a sentence saying what it shows. */
export interface ChartText {
  /** Unique within the page: the SVG's ids are derived from it. */
  id: string;
  title: string;
  description: string;
}

/** Colors with at least 3:1 contrast against white (WCAG 1.4.11 for graphics). */
export const SERIES_COLORS = ['#2f6db5', '#b5540c', '#5b7a1f'] as const;

const FONT = 'system-ui, sans-serif';

const CONFIG = {
  // The SVG is one image with a text alternative and a table after it: no per-mark ARIA.
  aria: false,
  font: FONT,
  background: 'white',
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, labelColor: '#222', titleColor: '#222', labelLimit: 220 },
  legend: { labelFontSize: 12, labelColor: '#222', orient: 'top' as const, symbolType: 'square' },
};

export interface Bar {
  category: string;
  value: number;
}

export interface GroupedBar extends Bar {
  series: string;
}

export interface BarOptions {
  /** The value axis's title (with its unit). */
  valueTitle: string;
  /** A d3-format string for the value axis (default: integers with separators). */
  format?: string;
  /** An upper bound of the value axis (1 for shares). */
  max?: number;
}

const WIDTH = 600;
/** Pixels per category of a bar chart, and per bar of a group. */
const STEP = 22;
const GROUPED_STEP = 13;

function valueAxis(options: BarOptions) {
  return {
    field: 'value',
    type: 'quantitative' as const,
    title: options.valueTitle,
    axis: { format: options.format ?? ',d', tickMinStep: options.format === undefined ? 1 : undefined },
    ...(options.max === undefined ? {} : { scale: { domain: [0, options.max] } }),
  };
}

/** Horizontal bars, one per category, in the order given. */
export function barSpec(bars: Bar[], options: BarOptions): TopLevelSpec {
  return {
    width: WIDTH,
    height: { step: STEP },
    data: { values: bars },
    mark: { type: 'bar', color: SERIES_COLORS[0] },
    encoding: {
      y: { field: 'category', type: 'nominal', title: null, sort: null },
      x: valueAxis(options),
    },
    config: CONFIG,
  };
}

/** Horizontal bars grouped by category, one bar per series, with a legend. */
export function groupedBarSpec(bars: GroupedBar[], series: string[], options: BarOptions): TopLevelSpec {
  return {
    width: WIDTH,
    // The step of a bar within its group (with yOffset, Vega-Lite's default step is the offset's).
    height: { step: GROUPED_STEP, for: 'offset' },
    data: { values: bars },
    mark: 'bar',
    encoding: {
      y: { field: 'category', type: 'nominal', title: null, sort: null },
      yOffset: { field: 'series', sort: series },
      x: valueAxis(options),
      color: {
        field: 'series',
        title: null,
        sort: series,
        scale: { domain: series, range: SERIES_COLORS.slice(0, series.length) },
      },
    },
    config: CONFIG,
  };
}

/** Vega's SVG string, made one accessible image: role img, labelled by its title and description. */
export function accessibleSvg(svg: string, text: ChartText): string {
  const id = text.id.replace(/[^A-Za-z0-9_-]/g, '-');
  // Vega numbers clip paths and gradients per process ("clip1"); prefixed, two charts of one page
  // cannot collide.
  const scoped = svg
    .replace(/\bid="([^"]+)"/g, (_, name: string) => `id="${id}-${name}"`)
    .replace(/url\(#([^)]+)\)/g, (_, name: string) => `url(#${id}-${name})`);
  const open = /^<svg\b([^>]*)>/.exec(scoped);
  if (open === null) throw new Error('vega did not render an <svg> element');
  const attributes = open[1] ?? '';
  return (
    `<svg${attributes} role="img" aria-labelledby="${id}-title ${id}-desc" focusable="false">` +
    `<title id="${id}-title">${escapeHtml(text.title)}</title>` +
    `<desc id="${id}-desc">${escapeHtml(text.description)}</desc>` +
    scoped.slice(open[0].length)
  );
}

/** The chart as an inline `<svg>` inside a `<figure>`; the section's heading names it. */
export async function renderChart(spec: TopLevelSpec, text: ChartText): Promise<Html> {
  // Loaded at the first chart (~150 ms of module loading), not with every process that builds the app.
  const [{ parse, View }, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    const svg = accessibleSvg(await view.toSVG(), text);
    return raw(`<figure class="chart" data-chart="${escapeHtml(text.id)}">${svg}</figure>`);
  } finally {
    view.finalize();
  }
}

/** Categories a chart draws at most; the table after it lists every one. */
export const CHART_TOP = 15;

/** The `CHART_TOP` largest rows by `size`, largest first. */
export function largest<T>(rows: T[], size: (row: T) => number): T[] {
  return [...rows].sort((a, b) => size(b) - size(a)).slice(0, CHART_TOP);
}

/** A chart's title, saying when it draws fewer categories than its table lists. */
export function chartTitle(title: string, drawn: number, all: number): string {
  return drawn < all ? `${title} (largest ${String(drawn)} of ${String(all)})` : title;
}

/**
 * A sentence naming the largest values of a bar chart, for its text alternative: the table after
 * the chart has them all.
 */
export function describeBars(kind: string, bars: Bar[], say: (value: number) => string, top = 5): string {
  if (bars.length === 0) return `${kind}: no values.`;
  const largest = [...bars].sort((a, b) => b.value - a.value).slice(0, top);
  const listed = largest.map((bar) => `${bar.category} ${say(bar.value)}`).join(', ');
  const of =
    bars.length > largest.length ? ` (largest ${String(largest.length)} of ${String(bars.length)})` : '';
  return `${kind}${of}: ${listed}. The table below lists every value.`;
}
