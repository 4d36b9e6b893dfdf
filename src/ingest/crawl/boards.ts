/**
 * Ingestion as operators and the worker use it: register boards, crawl them (bounded concurrency,
 * polite per host) and load boards that bring their own postings. Catching the ledger up is
 * ledger/catch-up.ts.
 */
import pLimit from 'p-limit';
import type { Database } from '../../db/database.js';
import { CorpusRepository } from '../../db/corpus.js';
import type { BoardLine } from './boards-file.js';
import { crawlBoard, recordCrawl, type CrawlSummary, type IngestDeps } from './pipeline.js';
import { CompanyRepository } from '../../db/companies.js';
import { crawlEvidence, type Evidence } from '../identity/evidence.js';
import { recordEvidence, resolveAround } from '../identity/resolve.js';
import type { SourcePosting } from '../types.js';

/**
 * Registers a board with the operator's mapping (company name, domain) and resolves its company in
 * the same transaction: linked to the boards it shares strong evidence with, resolved when its name
 * and domain are known (ingest/identity). An unresolved company's jobs stay hidden unless
 * include_unresolved is set. `observed`: evidence of postings the caller already holds.
 */
export async function registerBoard(db: Database, line: BoardLine, observed?: Evidence[]): Promise<string> {
  return db.tx('register-board', async (tx) => {
    const companies = new CompanyRepository(tx);
    // Before the board row is written: a running resolution may be about to update it.
    await companies.lockIdentity();
    const id = await companies.upsertBoard({
      source: line.source,
      slug: line.slug,
      ...(line.endpoint === undefined ? {} : { endpointOverride: line.endpoint }),
      ...(line.company === undefined ? {} : { operatorCompany: line.company }),
      ...(line.domain === undefined ? {} : { operatorDomain: line.domain }),
    });
    // Always resolved: a changed operator name leaves the link keys as they were.
    await recordEvidence(tx, id, observed);
    await resolveAround(tx, [id], await new CorpusRepository(tx).recordingTime());
    return id;
  });
}

/** Crawls boards with bounded concurrency; `onDone` sees each summary as it lands. */
export async function crawlBoards(
  deps: IngestDeps,
  boardIds: string[],
  concurrency: number,
  onDone?: (summary: CrawlSummary) => void,
): Promise<CrawlSummary[]> {
  const limit = pLimit(concurrency);
  return Promise.all(
    boardIds.map((id) =>
      limit(async () => {
        const summary = await crawlBoard(deps, id);
        onDone?.(summary);
        return summary;
      }),
    ),
  );
}

/**
 * Loads boards that bring their own postings (the synthetic corpus) through normalize → enrich →
 * the same transactional recordCrawl path as crawled boards. Returns postings recorded.
 */
export async function loadBoards(
  deps: Pick<IngestDeps, 'db' | 'prepare' | 'clock'>,
  boards: Iterable<{ line: BoardLine; postings: SourcePosting[] }>,
  concurrency: number,
  onBoard?: (summary: CrawlSummary) => void,
): Promise<number> {
  const limit = pLimit(concurrency);
  const pending = new Set<Promise<void>>();
  let recorded = 0;
  for (const board of boards) {
    // Bounded in-flight work: generate the next board only when a slot is free (flat memory).
    while (pending.size >= concurrency * 2) await Promise.race(pending);
    const task = limit(async () => {
      const id = await registerBoard(
        deps.db,
        board.line,
        crawlEvidence({ slug: board.line.slug, postings: board.postings }),
      );
      const endpoint = board.postings[0]?.sourceEndpoint;
      if (endpoint !== undefined) await new CompanyRepository(deps.db).setEndpoint(id, endpoint);
      const row = await new CorpusRepository(deps.db).board(id);
      if (row === null) throw new Error(`board ${id} vanished`);
      const ctx = { board: row, company: row.company, now: deps.clock.now() };
      const jobs = [];
      for (const posting of board.postings) {
        const organization = posting.organization ?? board.line.company ?? board.line.slug;
        jobs.push(deps.prepare({ ...posting, organization }, ctx));
      }
      const summary = await recordCrawl(deps.db, row, { kind: 'ok', jobs: await Promise.all(jobs) });
      recorded += summary.created + summary.modified;
      onBoard?.(summary);
    }).finally(() => {
      pending.delete(task);
    });
    pending.add(task);
  }
  await Promise.all(pending);
  return recorded;
}
