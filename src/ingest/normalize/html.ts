/**
 * Description HTML → clean plain text, and the one-time entity decoding some sources need first.
 *
 * `htmlToText` uses html-to-text (htmlparser2 underneath), which decodes entities exactly once while
 * parsing; scripts, styles, images and link targets are dropped, block elements become line breaks,
 * list items become "- " lines, and whitespace is collapsed. `unescapeHtmlEntities` exists for
 * sources that entity-escape their HTML (Greenhouse `content`, `&lt;p&gt;…`): decode once to get the
 * real HTML, then hand that to `htmlToText`, which decodes the remaining entities (`&amp;nbsp;` →
 * `&nbsp;` → space). Decoding twice in one step would corrupt text that legitimately shows an entity.
 */
import { compile, type HtmlToTextOptions } from 'html-to-text';

const BLOCK_SPACING = { leadingLineBreaks: 1, trailingLineBreaks: 1 };

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'noscript', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'hr', format: 'skip' },
    { selector: 'ul', options: { itemPrefix: '- ', ...BLOCK_SPACING } },
    { selector: 'ol', options: BLOCK_SPACING },
    { selector: 'p', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
    })),
    // Layout tables: one line per row, cells separated by a space rather than glued together.
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block', options: BLOCK_SPACING },
    { selector: 'td', format: 'inlineSurround', options: { suffix: ' ' } },
    { selector: 'th', format: 'inlineSurround', options: { suffix: ' ' } },
  ],
};

const convert = compile(OPTIONS);

/** Plain text of a description's HTML: one blank line between paragraphs at most, lines trimmed. */
export function htmlToText(html: string): string {
  return collapseWhitespace(convert(html));
}

function collapseWhitespace(text: string): string {
  return text
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Named entities seen in entity-escaped source HTML; anything else stays as written. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  deg: '\u00b0',
  times: '\u00d7',
};

const ENTITY_PATTERN = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

/**
 * Decodes HTML entities exactly once, in a single pass (the output is never rescanned), so
 * `&amp;lt;` becomes `&lt;`, not `<`. Numeric references and the common named ones are decoded;
 * unknown names and invalid code points are left untouched.
 */
export function unescapeHtmlEntities(text: string): string {
  return text.replace(ENTITY_PATTERN, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const codePoint = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    return isDecodableCodePoint(codePoint) ? String.fromCodePoint(codePoint) : whole;
  });
}

function isDecodableCodePoint(codePoint: number): boolean {
  if (!Number.isInteger(codePoint) || codePoint <= 0 || codePoint > 0x10ffff) return false;
  return codePoint < 0xd800 || codePoint > 0xdfff;
}
