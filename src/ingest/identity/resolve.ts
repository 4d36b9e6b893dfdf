/**
 * Identity resolution in the database: record a board's evidence, re-cluster every board it can
 * reach (by link keys or a shared company), save the companies, and rewrite the jobs of boards
 * whose company changed — as ledger events, so the index, the feeds and exports follow. Runs in
 * the caller's transaction under one advisory lock (resolutions read and rewrite whole components).
 */
import { CompanyRepository, type IdentityBoardRow, type SavedCompany } from '../../db/companies.js';
import { CorpusRepository, type CompanyRow } from '../../db/corpus.js';
import type { Queryable } from '../../db/database.js';
import { appendEvents, type NewEvent } from '../../ledger/ledger.js';
import { contentHash, stableStringify } from '../../lib/json.js';
import { maintainDuplicates } from '../crawl/duplicate-groups.js';
import { changedPublicFields, draftOf } from '../crawl/lifecycle.js';
import { duplicateKey, sameCompanyMembers, withCompany } from '../normalize/job.js';
import {
  assignKeys,
  clusterBoards,
  keyCandidates,
  MAX_LINK_FANOUT,
  type BoardIdentityInput,
  type CompanyIdentity,
} from './cluster.js';
import { boardEvidence, derivationSourceOf, linkKeys, type Evidence } from './evidence.js';

/**
 * Replaces a board's observed evidence (when given) and its link keys; answers whether its
 * evidence changed (or it has no company yet), i.e. whether a resolution is due.
 */
export async function recordEvidence(
  tx: Queryable,
  boardId: string,
  observed?: Evidence[],
): Promise<boolean> {
  const companies = new CompanyRepository(tx);
  const before = await companies.identityBoard(boardId);
  if (before === null) throw new Error(`board ${boardId} vanished`);
  const row = observed === undefined ? before : { ...before, observed_evidence: observed };
  const keys = linkKeys(evidenceOf(row));
  const unchanged =
    before.company_key !== null &&
    stableStringify(evidenceOf(before)) === stableStringify(evidenceOf(row)) &&
    stableStringify(before.link_keys) === stableStringify(keys);
  if (unchanged) return false;
  // Before any write: a resolution holding the lock may be about to update this board's row.
  await companies.lockIdentity();
  if (observed !== undefined) await companies.saveObservedEvidence(boardId, observed);
  await companies.replaceLinks(boardId, keys);
  return true;
}

function evidenceOf(row: IdentityBoardRow): Evidence[] {
  return [
    ...boardEvidence({
      source: row.source,
      slug: row.slug,
      operatorCompany: row.operator_company,
      operatorDomain: row.operator_domain,
    }),
    ...(row.observed_evidence as Evidence[]),
  ];
}

/** Re-resolves the companies around `seeds`; `now` stamps rewritten jobs' modified_at. */
export async function resolveAround(tx: Queryable, seeds: string[], now: string): Promise<void> {
  const companies = new CompanyRepository(tx);
  await companies.lockIdentity();
  const rows = await companies.reachableBoards(seeds, MAX_LINK_FANOUT);
  // Crawls lock their board first and then write its company's aggregates; taking the same board
  // locks before writing anything keeps a resolution and a crawl from waiting on each other.
  const corpus = new CorpusRepository(tx);
  for (const row of rows) await corpus.lockBoard(row.id);
  const inputs: BoardIdentityInput[] = rows.map((row) => ({
    id: row.id,
    source: row.source,
    slug: row.slug,
    evidence: evidenceOf(row),
    companyKey: row.company_key ?? '',
  }));
  const byId = new Map(inputs.map((input) => [input.id, input]));
  const fanout = await companies.linkFanout([
    ...new Set(inputs.flatMap((input) => linkKeys(input.evidence))),
  ]);
  const identities = clusterBoards(inputs, fanout);
  const heldKeys = [...new Set(inputs.map((input) => input.companyKey).filter((key) => key !== ''))];
  const previous = await companies.companyStates(heldKeys);
  const taken = await companies.existingKeys(identities.flatMap((identity) => keyCandidates(identity, byId)));
  for (const key of heldKeys) taken.delete(key);
  const keys = assignKeys(identities, byId, previous, taken);

  const rebound = new Map<string, CompanyRow>();
  for (const [index, identity] of identities.entries()) {
    const key = keys[index] ?? '';
    const company = savedCompany(key, identity);
    await companies.saveCompany(company);
    for (const id of identity.boards) {
      const input = byId.get(id);
      const before = input === undefined ? undefined : previous.get(input.companyKey);
      await companies.assignBoard(id, key, identity.links.get(id) ?? []);
      if (before === undefined || !sameCompanyMembers(before, company)) rebound.set(id, company);
    }
  }
  await companies.deleteEmptyCompanies(heldKeys.filter((key) => !keys.includes(key)));
  await rewriteJobs(tx, rebound, now);
  await companies.refreshCompanies(keys);
}

function savedCompany(key: string, identity: CompanyIdentity): SavedCompany {
  return {
    company_key: key,
    display_name: identity.name?.value ?? null,
    domain: identity.domain?.value ?? null,
    resolved: identity.resolved,
    name_source: identity.name === undefined ? null : derivationSourceOf(identity.name.origin),
    name_confidence: identity.name?.confidence ?? null,
    domain_source: identity.domain === undefined ? null : derivationSourceOf(identity.domain.origin),
    domain_confidence: identity.domain?.confidence ?? null,
  };
}

/** Rewrites the company members of every job of the rebound boards, one ledger event per job. */
async function rewriteJobs(tx: Queryable, rebound: Map<string, CompanyRow>, now: string): Promise<void> {
  if (rebound.size === 0) return;
  const companies = new CompanyRepository(tx);
  const jobs = await companies.boardJobsWithBoard([...rebound.keys()]);
  const saved: Parameters<CompanyRepository['saveRewrittenJobs']>[0] = [];
  const events: NewEvent[] = [];
  const regroup: { duplicateKey?: string; previousDuplicateKey?: string }[] = [];
  for (const { board_id: boardId, document: before, duplicate_key: previousKey } of jobs) {
    const company = rebound.get(boardId);
    if (company === undefined) continue;
    const draft = withCompany(draftOf(before), company);
    const hash = contentHash(draft);
    const key = duplicateKey(draft);
    const document = {
      ...withCompany(before, company),
      revision: before.revision + 1,
      modified_at: now,
    };
    const changedFields = changedPublicFields(before, document);
    if (changedFields.length === 0 && before.company_resolved === document.company_resolved) continue;
    saved.push({ document, duplicateKey: key, contentHash: hash });
    events.push({
      jobKey: document.job_key,
      revision: document.revision,
      kind: 'upsert',
      change: 'modified',
      changedFields,
      document,
    });
    if (key !== (previousKey ?? undefined))
      regroup.push({
        ...(key === undefined ? {} : { duplicateKey: key }),
        ...(previousKey === null ? {} : { previousDuplicateKey: previousKey }),
      });
  }
  await companies.saveRewrittenJobs(saved);
  await appendEvents(tx, events);
  await maintainDuplicates(tx, regroup, now);
}
