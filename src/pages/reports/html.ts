/**
 * The HTML of the report pages: escaping, the page layout, tables and the values in them. Pure.
 *
 * Every figure taken from a JSON body is written as `<data value="…">` with the number exactly as
 * JSON has it (`String(n)` is JSON's own rendering of a finite number) and a readable text beside
 * it, so a reader sees "66.7 %" and a program (the integration test) reads 0.6666666666666666.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Markup already escaped (built by the functions of this module), so it is not escaped again. */
export interface Html {
  readonly html: string;
}

export function raw(html: string): Html {
  return { html };
}

/** Text or markup: text is escaped, markup passes. */
export type Content = string | Html;

export function render(content: Content): string {
  return typeof content === 'string' ? escapeHtml(content) : content.html;
}

export function join(parts: readonly Content[], separator = ''): Html {
  return raw(parts.map(render).join(separator));
}

/** `<tag attributes>content</tag>`; attribute values are escaped, `undefined` ones are left out. */
export function element(
  tag: string,
  attributes: Record<string, string | undefined>,
  ...content: Content[]
): Html {
  return raw(`${voidElement(tag, attributes).html}${content.map(render).join('')}</${tag}>`);
}

/** An element without content or end tag (`<input>`). */
export function voidElement(tag: string, attributes: Record<string, string | undefined>): Html {
  const attrs = Object.entries(attributes)
    .flatMap(([name, value]) => (value === undefined ? [] : [` ${name}="${escapeHtml(value)}"`]))
    .join('');
  return raw(`<${tag}${attrs}>`);
}

const INTEGER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const PERCENT = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

const SHARE_TEXT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A count as plain text (chart descriptions; tables use `count`). */
export function countText(value: number): string {
  return INTEGER.format(value);
}

/** A share as plain text, `83.3%` (chart descriptions; tables use `share`). */
export function shareText(value: number): string {
  return SHARE_TEXT.format(value);
}

/** A JSON number with its readable text: `<data value="0.8333">83.3 %</data>`. */
export function figure(value: number, text: string): Html {
  return element('data', { value: String(value) }, text);
}

export function count(value: number): Html {
  return figure(value, INTEGER.format(value));
}

export function decimal(value: number): Html {
  return figure(value, DECIMAL.format(value));
}

export function share(value: number): Html {
  return figure(value, PERCENT.format(value));
}

const DURATION_UNITS: [string, number][] = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
];

/**
 * Seconds in the largest unit that says them and the next one, truncated ("2 h 5 min", "3 d",
 * "42 s"): the exact number stays in the `<data>` value.
 */
export function durationText(seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  const first = DURATION_UNITS.findIndex(([, size]) => rest >= size);
  if (first === -1) return '0 s';
  const parts: string[] = [];
  for (const [name, size] of DURATION_UNITS.slice(first, first + 2)) {
    const whole = Math.floor(rest / size);
    rest -= whole * size;
    if (whole > 0) parts.push(`${String(whole)} ${name}`);
  }
  return parts.join(' ');
}

export function duration(seconds: number): Html {
  return figure(seconds, durationText(seconds));
}

/**
 * An ISO time, readable and machine-readable in `datetime`: to the minute in UTC, or the UTC day
 * alone (`precision` day, for boundaries that are midnights).
 */
export function time(iso: string, precision: 'minute' | 'day' = 'minute'): Html {
  const text =
    precision === 'day' ? iso.slice(0, 10) : iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
  return element('time', { datetime: iso }, text);
}

/** Stands in a cell for a value the JSON omits (never measured, or below its minimum sample). */
export const NOT_MEASURED = raw('<span class="na" title="not measured">—</span>');

export interface Column<Row> {
  header: string;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  cell: (row: Row) => Content;
}

/**
 * A data table: caption, one header row, a row per item; the first column is each row's header.
 * `name` (data-table) lets a program find the table whatever its caption says.
 */
export function table<Row>(name: string, caption: string, columns: Column<Row>[], rows: Row[]): Html {
  const head = element(
    'tr',
    {},
    ...columns.map((column) =>
      element('th', { scope: 'col', class: column.numeric === true ? 'num' : undefined }, column.header),
    ),
  );
  const body = rows.map((row) =>
    element(
      'tr',
      {},
      ...columns.map((column, index) =>
        element(
          index === 0 ? 'th' : 'td',
          { scope: index === 0 ? 'row' : undefined, class: column.numeric === true ? 'num' : undefined },
          column.cell(row),
        ),
      ),
    ),
  );
  return element(
    'div',
    { class: 'table-wrap' },
    element(
      'table',
      { 'data-table': name },
      element('caption', {}, caption),
      element('thead', {}, head),
      element('tbody', {}, ...body),
    ),
  );
}

/** A definition list of label → value pairs (the totals above a report). */
export function facts(name: string, items: [string, Content][]): Html {
  return element(
    'dl',
    { class: 'facts', 'data-facts': name },
    ...items.map(([label, value]) => element('div', {}, element('dt', {}, label), element('dd', {}, value))),
  );
}

/** A heading and its content, labelled by the heading. */
export function section(id: string, heading: string, ...content: Content[]): Html {
  return element('section', { 'aria-labelledby': id }, element('h2', { id }, heading), ...content);
}

export function paragraph(...content: Content[]): Html {
  return element('p', {}, ...content);
}

export function link(href: string, ...content: Content[]): Html {
  return element('a', { href }, ...content);
}

/** Whether a JSON body says it describes synthetic demo data (an optional `synthetic: true`). */
export function isSynthetic(body: object): boolean {
  return 'synthetic' in body && body.synthetic === true;
}

export const SYNTHETIC_BANNER = element(
  'p',
  { class: 'banner synthetic', role: 'note', 'data-synthetic': 'true' },
  element('strong', {}, 'Synthetic demo data.'),
  ' These figures describe a generated corpus loaded for demonstration, not real job postings.',
);

export interface PageOptions {
  title: string;
  /** The path of the page, to mark the current entry of the navigation. */
  path: string;
  /** One line under the heading. */
  lead?: Content;
  body: Content[];
}

/** Where the pages link each other. */
export const REPORT_LINKS: { path: string; label: string }[] = [
  { path: '/reports', label: 'Reports' },
  { path: '/reports/state-of-hiring', label: 'State of hiring' },
  { path: '/reports/corpus', label: 'Corpus' },
  { path: '/reports/data-quality', label: 'Data quality' },
];

export const STYLESHEET_PATH = '/reports/reports.css';
export const FAVICON_PATH = '/reports/favicon.svg';

/** The whole document: no script, one self-served stylesheet, every chart inline. */
export function layout(options: PageOptions): string {
  const nav = element(
    'nav',
    { 'aria-label': 'Reports' },
    element(
      'ul',
      {},
      ...REPORT_LINKS.map((entry) =>
        element(
          'li',
          {},
          element(
            'a',
            { href: entry.path, 'aria-current': entry.path === options.path ? 'page' : undefined },
            entry.label,
          ),
        ),
      ),
    ),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · Job postings API</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
</head>
<body>
<a class="skip" href="#main">Skip to the report</a>
<header>${nav.html}</header>
<main id="main">
<h1>${escapeHtml(options.title)}</h1>
${options.lead === undefined ? '' : `<p class="lead">${render(options.lead)}</p>`}
${options.body.map(render).join('\n')}
</main>
<footer><p>Served by this API from its own data; the JSON behind every figure is linked on each page. <a href="/openapi.json">API contract</a></p></footer>
</body>
</html>
`;
}
