/**
 * schema.org JSON-LD on job pages (Jobvite, Taleo Business Edition and Paylocity detail pages): the
 * first `JobPosting` among the page's `application/ld+json` blocks, whether a block holds one object,
 * an array or an `@graph`; and a `jobLocation` Place as a location. A block that is not valid JSON
 * is skipped (pages carry other blocks), never fatal.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { SourceLocation, SourceSalary } from '../types.js';
import { location, locations, salary } from './common.js';
import { asArray, asNum, asStr, isObject, num, obj, str, type JsonObject } from './json.js';

type HtmlDocument = ReturnType<typeof parseDocument>;

/** The page's first JobPosting (undefined for no page, or a page without one). */
export function jobPostingOf(html: string | HtmlDocument | undefined): JsonObject | undefined {
  if (html === undefined) return undefined;
  const document = typeof html === 'string' ? parseDocument(html) : html;
  const scripts = DomUtils.findAll(
    (el) =>
      el.name === 'script' && DomUtils.getAttributeValue(el, 'type')?.toLowerCase() === 'application/ld+json',
    document.children,
  );
  for (const script of scripts) {
    let data: unknown;
    try {
      data = JSON.parse(DomUtils.textContent(script)) as unknown;
    } catch {
      continue;
    }
    const graph = isObject(data) ? (asArray(data['@graph']) ?? []) : [];
    const found = [...(asArray(data) ?? [data]), ...graph].find(
      (node) => isObject(node) && node['@type'] === 'JobPosting',
    );
    if (isObject(found)) return found;
  }
  return undefined;
}

/** A schema.org Place's PostalAddress as a location. */
export function jsonLdPlace(place: unknown): SourceLocation | undefined {
  const address = obj(place, 'address');
  const country = address?.addressCountry;
  return location({
    city: str(address, 'addressLocality'),
    region: str(address, 'addressRegion'),
    country: asStr(country) ?? str(country, 'name'),
  });
}

/**
 * A schema.org `baseSalary` MonetaryAmount as a salary: a QuantitativeValue range
 * (`minValue`/`maxValue`) or one amount (`value`, there or on the MonetaryAmount itself), its
 * `currency` and `unitText` (HOUR, YEAR …). Empty strings publish nothing.
 */
export function jsonLdSalary(pay: JsonObject | undefined): SourceSalary | undefined {
  const amount = obj(pay, 'value');
  return salary({
    min: num(amount, 'minValue') ?? asNum(pay?.value) ?? num(amount, 'value'),
    max: num(amount, 'maxValue') ?? asNum(pay?.value) ?? num(amount, 'value'),
    currency: str(pay, 'currency'),
    periodRaw: str(amount, 'unitText'),
  });
}

/** A JobPosting's `jobLocation` (one Place or a list of them) as locations. */
export function jsonLdLocations(ld: JsonObject | undefined): SourceLocation[] {
  return locations((asArray(ld?.jobLocation) ?? [ld?.jobLocation]).map(jsonLdPlace));
}

/** A JobPosting's `employmentType` (one value or a list), unmapped ("FULL_TIME", "Full-time"). */
export function jsonLdEmploymentTypes(ld: JsonObject | undefined): string[] {
  return (asArray(ld?.employmentType) ?? [ld?.employmentType]).flatMap((value) => asStr(value) ?? []);
}
