/**
 * SourcePosting + board + company + enrichment → the job draft the lifecycle diff works on.
 * Receipt members come from the board (source, slug, verified_at) and the fetch (source_endpoint);
 * unknown means omitted: optional members are only set when there is a value.
 */
import { createHash } from 'node:crypto';
import type { CompanyRow, BoardRow } from '../../db/corpus.js';
import { contentHash } from '../../lib/json.js';
import type { JobDraft, PreparedJob } from '../crawl/lifecycle.js';
import type { Enrichment, SourcePosting } from '../types.js';
import { htmlToText } from './html.js';

/** Stable, opaque, URL-safe job key derived from source, slug and native id (stable across crawls). */
export function jobKey(source: string, slug: string, nativeId: string): string {
  const digest = createHash('sha256')
    .update(`${source}\n${slug.toLowerCase()}\n${nativeId}`)
    .digest('base64url');
  return `${source}_${digest.slice(0, 22)}`;
}

/** Titles keep their words but not stray or doubled white space. */
export function cleanTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}

/** Plain description text: the source's text, else its HTML converted; empty → absent. */
export function descriptionOf(posting: SourcePosting): string | undefined {
  const text =
    posting.descriptionHtml === undefined ? posting.descriptionText : htmlToText(posting.descriptionHtml);
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

export interface PrepareContext {
  board: Pick<BoardRow, 'source' | 'slug' | 'verified_at'>;
  company: CompanyRow;
  now: Date;
}

/** The organization shown: the resolved directory name, else what the source published, else the slug. */
function organizationOf(posting: SourcePosting, ctx: PrepareContext): string {
  if (ctx.company.resolved && ctx.company.display_name !== null) return ctx.company.display_name;
  return posting.organization?.trim() || ctx.board.slug;
}

/** `description` is descriptionOf(posting), passed in when the caller already computed it. */
export function prepareJob(
  posting: SourcePosting,
  ctx: PrepareContext,
  enrichment: Enrichment,
  description: string | undefined = descriptionOf(posting),
): PreparedJob {
  const { derivations, ...derived } = enrichment;
  const draft: JobDraft = {
    job_key: jobKey(ctx.board.source, ctx.board.slug, posting.nativeId),
    native_id: posting.nativeId,
    title: cleanTitle(posting.title),
    organization: organizationOf(posting, ctx),
    url: posting.url,
    source: ctx.board.source,
    source_slug: ctx.board.slug,
    source_endpoint: posting.sourceEndpoint,
    directory_verified_at: new Date(ctx.board.verified_at).toISOString(),
    company_key: ctx.company.company_key,
    company_resolved: ctx.company.resolved,
    ...(posting.department === undefined || posting.department.trim() === ''
      ? {}
      : { department: posting.department.trim() }),
    ...(posting.postedAt === undefined ? {} : { posted_at: posting.postedAt }),
    ...(posting.validThrough === undefined ? {} : { valid_through: posting.validThrough }),
    ...(description === undefined ? {} : { description_text: description }),
    ...derived,
    derivations,
    is_duplicate_representative: true,
  };
  return finishDraft(
    withCompany(draft, ctx.company),
    posting.expired === true || expiredBy(posting, ctx.now),
  );
}

function expiredBy(posting: SourcePosting, now: Date): boolean {
  return posting.validThrough !== undefined && Date.parse(posting.validThrough) <= now.getTime();
}

function finishDraft(draft: JobDraft, expired: boolean): PreparedJob {
  return { draft, contentHash: contentHash(draft), duplicateKey: duplicateKey(draft), expired };
}

/**
 * A job's company members as the directory has them now: key, domain, resolution and — for a
 * resolved company — its display name as `organization`. Identity resolution rewrites stored jobs
 * through this, so a crawl and a resolution agree on every member.
 */
export function withCompany<T extends JobDraft>(job: T, company: CompanyRow): T {
  const { company_domain: _domain, ...rest } = job;
  const derivations = { ...job.derivations };
  delete derivations.company_domain;
  return {
    ...rest,
    ...(company.resolved && company.display_name !== null ? { organization: company.display_name } : {}),
    company_key: company.company_key,
    ...(company.domain === null ? {} : { company_domain: company.domain }),
    company_resolved: company.resolved,
    derivations: {
      ...derivations,
      company_key: { source: 'directory', confidence: 1 },
      ...(company.domain === null ? {} : { company_domain: { source: 'directory', confidence: 1 } }),
    },
  } as T;
}

/** Whether two company states give a job the same members through withCompany. */
export function sameCompanyMembers(a: CompanyRow, b: CompanyRow): boolean {
  return (
    a.company_key === b.company_key &&
    a.resolved === b.resolved &&
    a.domain === b.domain &&
    (!b.resolved || a.display_name === b.display_name)
  );
}

/** A prepared job rebound to another company state (a resolution landed while it was prepared). */
export function rebindPrepared(job: PreparedJob, company: CompanyRow): PreparedJob {
  return finishDraft(withCompany(job.draft, company), job.expired);
}

/**
 * Cross-location duplicates: same company, same normalized title, same normalized description.
 * Location words are not removed from the description: near-identical means identical after
 * normalization (case, punctuation, white space, digits), which is what multi-location reposts are.
 */
export function duplicateKey(draft: JobDraft): string | undefined {
  if (draft.description_text === undefined) return undefined;
  const normalize = (text: string): string =>
    text
      .toLowerCase()
      .replace(/[^\p{L}]+/gu, ' ')
      .trim();
  return createHash('sha256')
    .update(
      `${draft.company_key ?? draft.organization}\n${normalize(draft.title)}\n${normalize(draft.description_text)}`,
    )
    .digest('base64url')
    .slice(0, 22);
}
