/**
 * Reading the report pages as a program would: their data tables (each cell's text and, where the
 * page wrote one, the exact number of its `<data value>`), their charts (the SVG's role and text
 * alternative) and their banners. Shared by the unit tests of the renderers and the integration
 * test that compares the pages with the JSON endpoints.
 */
import { DomUtils, parseDocument } from 'htmlparser2';

type Document = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

export interface Cell {
  text: string;
  /** The number of the cell's `<data value>`, when it has one. */
  value?: number;
}

export interface Table {
  caption: string;
  headers: string[];
  rows: Cell[][];
}

export interface Chart {
  id: string;
  role: string | undefined;
  labelledBy: string | undefined;
  title: string;
  description: string;
  /** The SVG's text (axis labels, legend). */
  text: string;
}

export interface Page {
  document: Document;
  lang: string | undefined;
  title: string;
  h1: string;
  tables: Map<string, Table>;
  charts: Chart[];
  /** Values of the `<dl data-facts>` lists, by label. */
  facts: Map<string, Cell>;
  synthetic: boolean;
  /** `true`/`false` from the state-of-hiring page's partial label; undefined elsewhere. */
  partial: boolean | undefined;
  scripts: number;
  links: string[];
}

const text = (node: Element): string => DomUtils.textContent(node).replace(/\s+/g, ' ').trim();

function cell(node: Element): Cell {
  const data = DomUtils.findOne((child) => child.name === 'data', node.children, true);
  const raw = data?.attribs.value;
  return raw === undefined ? { text: text(node) } : { text: text(node), value: Number(raw) };
}

function byTag(root: Element | Document, tag: string): Element[] {
  return DomUtils.getElementsByTagName(tag, root, true);
}

function readTable(table: Element): Table {
  const caption = byTag(table, 'caption')[0];
  const head = byTag(table, 'thead')[0];
  const body = byTag(table, 'tbody')[0];
  return {
    caption: caption === undefined ? '' : text(caption),
    headers: head === undefined ? [] : byTag(head, 'th').map(text),
    rows:
      body === undefined
        ? []
        : byTag(body, 'tr').map((row) =>
            row.children.flatMap((child) =>
              DomUtils.isTag(child) && (child.name === 'td' || child.name === 'th') ? [cell(child)] : [],
            ),
          ),
  };
}

function readChart(figure: Element): Chart {
  const svg = byTag(figure, 'svg')[0];
  const title = svg === undefined ? undefined : byTag(svg, 'title')[0];
  const desc = svg === undefined ? undefined : byTag(svg, 'desc')[0];
  return {
    id: figure.attribs['data-chart'] ?? '',
    role: svg?.attribs.role,
    labelledBy: svg?.attribs['aria-labelledby'],
    title: title === undefined ? '' : text(title),
    description: desc === undefined ? '' : text(desc),
    text: svg === undefined ? '' : byTag(svg, 'text').map(text).join(' '),
  };
}

export function readPage(html: string): Page {
  const document = parseDocument(html);
  const html_ = byTag(document, 'html')[0];
  const tables = new Map(
    byTag(document, 'table').map((table) => [table.attribs['data-table'] ?? '', readTable(table)]),
  );
  const facts = new Map(
    byTag(document, 'dl')
      .filter((list) => list.attribs['data-facts'] !== undefined)
      .flatMap((list) =>
        byTag(list, 'div').flatMap((pair) => {
          const [term] = byTag(pair, 'dt');
          const [definition] = byTag(pair, 'dd');
          return term === undefined || definition === undefined
            ? []
            : [[text(term), cell(definition)] as const];
        }),
      ),
  );
  const partial = DomUtils.findOne(
    (node) => node.attribs['data-partial'] !== undefined,
    document.children,
    true,
  );
  const title = byTag(document, 'title')[0];
  const h1 = byTag(document, 'h1')[0];
  return {
    document,
    lang: html_?.attribs.lang,
    title: title === undefined ? '' : text(title),
    h1: h1 === undefined ? '' : text(h1),
    tables,
    charts: byTag(document, 'figure').map(readChart),
    facts,
    synthetic:
      DomUtils.findOne((node) => node.attribs['data-synthetic'] === 'true', document.children, true) !== null,
    partial: partial === null ? undefined : partial.attribs['data-partial'] === 'true',
    scripts: byTag(document, 'script').length,
    links: byTag(document, 'a').flatMap((a) => (a.attribs.href === undefined ? [] : [a.attribs.href])),
  };
}

/** The table named `name` (its `data-table`); fails loudly when the page has none. */
export function tableOf(page: Page, name: string): Table {
  const table = page.tables.get(name);
  if (table === undefined)
    throw new Error(`no table ${name} on the page (${[...page.tables.keys()].join(', ')})`);
  return table;
}

/** The value of column `header` in every row, keyed by the row's first cell. */
export function column(table: Table, header: string): Map<string, Cell> {
  const index = table.headers.indexOf(header);
  if (index === -1) throw new Error(`no column ${header} in ${table.headers.join(', ')}`);
  return new Map(table.rows.map((row) => [row[0]?.text ?? '', row[index] ?? { text: '' }] as const));
}
