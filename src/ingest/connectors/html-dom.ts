/** Small helpers over htmlparser2's DOM for the connectors that read HTML pages. */
import { DomUtils } from 'htmlparser2';

export type HtmlElement = ReturnType<typeof DomUtils.findAll>[number];

/** The element carries `name` among its classes. */
export function hasClass(el: HtmlElement, name: string): boolean {
  return (DomUtils.getAttributeValue(el, 'class') ?? '').split(/\s+/).includes(name);
}

/** Text content with runs of whitespace (newlines of table cells, React's separators) made single spaces. */
export function textOf(node: Parameters<typeof DomUtils.textContent>[0]): string {
  return DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
}

/** The nearest ancestor element that passes `test`. */
export function closest(el: HtmlElement, test: (el: HtmlElement) => boolean): HtmlElement | undefined {
  for (let parent = el.parent; parent !== null; parent = parent.parent) {
    if (DomUtils.isTag(parent) && test(parent)) return parent;
  }
  return undefined;
}

/**
 * The source text between an element's first and last child, i.e. its inner HTML as the page
 * wrote it (not serialized again). The document must be parsed with start and end indices.
 */
export function innerSource(html: string, el: HtmlElement): string {
  const first = el.children[0];
  const last = el.children.at(-1);
  if (first?.startIndex == null || last?.endIndex == null) return '';
  return html.slice(first.startIndex, last.endIndex + 1);
}
