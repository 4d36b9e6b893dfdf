/**
 * Identity evidence of one board, as a pure function of what the operator and the source said.
 * Evidence names a company (display name) or links boards (domain, tenant). Only strong evidence
 * links: the registrable domain of the company's own web presence, a tenant the source publishes
 * in its addresses, or an operator mapping. Names never link: two firms called "Acme" stay two.
 */
import { parse } from 'tldts';
import { isPlatformHost } from '../platform-hosts.js';

export type EvidenceKind = 'domain' | 'name' | 'tenant' | 'operator';
/** Where a piece of evidence was read. */
export type EvidenceOrigin =
  | 'operator'
  | 'company_url'
  | 'career_host'
  | 'posting_url'
  | 'board_name'
  | 'posting_organization'
  | 'slug'
  | 'source_tenant';

export interface Evidence {
  kind: EvidenceKind;
  value: string;
  origin: EvidenceOrigin;
  /** 0–1. */
  confidence: number;
}

/**
 * Derivation source (OpenAPI `DerivationSource`) of a value taken from evidence of this origin
 * (stored origins are plain strings; an unknown one counts as rules).
 */
export function derivationSourceOf(origin: string): 'directory' | 'source_field' | 'rules' {
  switch (origin) {
    case 'operator':
      return 'directory';
    case 'company_url':
    case 'board_name':
    case 'posting_organization':
    case 'source_tenant':
      return 'source_field';
    default:
      return 'rules';
  }
}

/**
 * RFC 2606/6761 names are never registered, so they have no public suffix entry: under them the
 * label left of the reserved name is the "registrable" part (`acme.example.com`), as test and demo
 * data use them.
 */
const RESERVED = /(?:^|\.)([^.]+\.(?:example\.(?:com|net|org)|example|test|invalid|localhost))$/;
const RESERVED_ALONE = /^(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/;

/**
 * The registrable domain of a URL or host (public suffix list, private suffixes included so that
 * `acme.github.io` is Acme's, not GitHub's); undefined for IPs, unparseable input and — unless
 * `platforms: 'included'` — job platforms.
 */
export function registrableDomain(
  urlOrHost: string,
  options: { platforms?: 'excluded' | 'included' } = {},
): string | undefined {
  const host = hostOf(urlOrHost);
  if (host === undefined) return undefined;
  if (RESERVED_ALONE.test(host)) return undefined;
  const reserved = RESERVED.exec(host)?.[1];
  if (reserved !== undefined) return reserved;
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp === true || parsed.domain === null || parsed.domain === '') return undefined;
  const domain = parsed.domain.toLowerCase();
  if (options.platforms !== 'included' && isPlatformHost(host)) return undefined;
  return domain;
}

function hostOf(urlOrHost: string): string | undefined {
  const text = urlOrHost.trim();
  if (text === '') return undefined;
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  if (!URL.canParse(candidate)) return undefined;
  const host = new URL(candidate).hostname.toLowerCase().replace(/\.$/, '');
  return host.includes('.') ? host : undefined;
}

/**
 * A slug that names nobody: digits only, UUIDs, long hex, `careers-1234`-style numbering, or a
 * tenant code of a platform that addresses boards by internal tenant ids (Workday, Oracle).
 */
export function isOpaqueSlug(source: string, slug: string): boolean {
  if (source === 'workday' || source === 'oracle_cloud') return true;
  const bare = slug.toLowerCase();
  return (
    /^\d+$/.test(bare) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(bare) ||
    /^[0-9a-f]{12,}$/.test(bare) ||
    /^[a-z]{0,12}[-_]?\d{3,}$/.test(bare)
  );
}

/** The tenant a source publishes in a board address, for sources whose boards share tenants. */
function tenantOf(source: string, slug: string): string | undefined {
  if (source === 'workday') return /^([a-z0-9-]+)\.wd\d{1,3}\//i.exec(slug)?.[1]?.toLowerCase();
  if (source === 'oracle_cloud') return /^([a-z0-9-]+\.fa\.[a-z0-9-]+)\//i.exec(slug)?.[1]?.toLowerCase();
  return undefined;
}

/** Sources whose board slug is the company's own careers host (e.g. `careers.acme.com`). */
const HOST_SLUG_SOURCES = new Set(['successfactors', 'icims']);

/** "acme-robotics" → "Acme Robotics": a slug read as a name (weak, rules). */
function nameFromSlug(slug: string): string | undefined {
  const words = slug
    .split(/[-_.\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length === 0 ? undefined : words.join(' ');
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** The most frequent non-empty value and its share of `total`. */
function dominant(
  values: (string | undefined)[],
  total: number,
): { value: string; share: number } | undefined {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: { value: string; share: number } | undefined;
  for (const [value, count] of counts) {
    if (best === undefined || count / total > best.share) best = { value, share: count / total };
  }
  return best;
}

/** A posting URL domain links only when most postings of the board live there (agencies post elsewhere). */
export const POSTING_DOMAIN_SHARE = 0.6;

/** Evidence that comes with the board itself: its slug and source tenant, and the operator's mapping. */
export function boardEvidence(board: {
  source: string;
  slug: string;
  operatorCompany?: string | null;
  operatorDomain?: string | null;
}): Evidence[] {
  const evidence: Evidence[] = [];
  // The operator's word stands even for a platform's own boards (Lever's board on lever.co).
  const operatorDomain =
    board.operatorDomain == null
      ? undefined
      : registrableDomain(board.operatorDomain, { platforms: 'included' });
  if (board.operatorCompany != null && board.operatorCompany.trim() !== '') {
    const name = board.operatorCompany.trim();
    evidence.push({ kind: 'name', value: name, origin: 'operator', confidence: 1 });
    // Operator rows without a domain link by their exact name: the operator said so explicitly.
    if (operatorDomain === undefined)
      evidence.push({ kind: 'operator', value: name.toLowerCase(), origin: 'operator', confidence: 1 });
  }
  if (operatorDomain !== undefined)
    evidence.push({ kind: 'domain', value: operatorDomain, origin: 'operator', confidence: 1 });
  const tenant = tenantOf(board.source, board.slug);
  if (tenant !== undefined)
    evidence.push({
      kind: 'tenant',
      value: `${board.source}:${tenant}`,
      origin: 'source_tenant',
      confidence: 1,
    });
  if (HOST_SLUG_SOURCES.has(board.source)) {
    const domain = registrableDomain(board.slug);
    if (domain !== undefined)
      evidence.push({ kind: 'domain', value: domain, origin: 'career_host', confidence: 0.9 });
  }
  if (!isOpaqueSlug(board.source, board.slug)) {
    const name = nameFromSlug(board.slug);
    if (name !== undefined) evidence.push({ kind: 'name', value: name, origin: 'slug', confidence: 0.5 });
  }
  return evidence;
}

/**
 * Whether a URL names the board's tenant as a subdomain label (`exotel.hire.trakstar.com`) or as its
 * first path segment (`jobs.example-ats.com/acme/…`): the mark of a multi-tenant platform, even one
 * missing from the platform list. The registrable label itself (`stripe.com` for slug `stripe`) is
 * the company's own name, not a tenant mark.
 */
export function namesTenant(url: string, slug: string): boolean {
  const tenant = slug.toLowerCase().split(/[/.]/)[0] ?? '';
  if (tenant === '' || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  const subdomain = parse(host, { allowPrivateDomains: true }).subdomain ?? '';
  if (subdomain.split('.').includes(tenant)) return true;
  const first = parsed.pathname.split('/').find((segment) => segment !== '');
  return first !== undefined && decodeURIComponent(first).toLowerCase() === tenant;
}

/** Evidence a successful crawl observed: the board's published name and sites, its postings' hosts. */
export function crawlEvidence(crawl: {
  /** The board's slug: posting URLs that name it are on a platform, not the company's site. */
  slug: string;
  boardName?: string;
  companyUrls?: string[];
  postings: { url: string; organization?: string }[];
}): Evidence[] {
  const evidence: Evidence[] = [];
  const boardName = crawl.boardName?.trim();
  if (boardName !== undefined && boardName !== '')
    evidence.push({ kind: 'name', value: boardName, origin: 'board_name', confidence: 0.9 });
  const total = crawl.postings.length;
  if (total > 0) {
    const organization = dominant(
      crawl.postings.map((posting) => posting.organization?.trim() || undefined),
      total,
    );
    if (organization !== undefined && organization.share >= POSTING_DOMAIN_SHARE)
      evidence.push({
        kind: 'name',
        value: organization.value,
        origin: 'posting_organization',
        confidence: round(0.8 * organization.share),
      });
    const domain = dominant(
      crawl.postings.map((posting) =>
        namesTenant(posting.url, crawl.slug) ? undefined : registrableDomain(posting.url),
      ),
      total,
    );
    if (domain !== undefined && domain.share >= POSTING_DOMAIN_SHARE)
      evidence.push({
        kind: 'domain',
        value: domain.value,
        origin: 'posting_url',
        confidence: round(domain.share),
      });
  }
  const sites = new Set<string>();
  for (const url of crawl.companyUrls ?? []) {
    const domain = registrableDomain(url);
    if (domain !== undefined) sites.add(domain);
  }
  for (const domain of [...sites].sort())
    evidence.push({ kind: 'domain', value: domain, origin: 'company_url', confidence: 0.9 });
  return evidence;
}

/** The keys under which a board links to others: every domain, tenant and operator evidence. */
export function linkKeys(evidence: readonly Evidence[]): string[] {
  const keys = new Set<string>();
  for (const item of evidence) if (item.kind !== 'name') keys.add(`${item.kind}:${item.value}`);
  return [...keys].sort();
}
