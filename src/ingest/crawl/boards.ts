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
import type { SourcePosting } from '../types.js';

/** Company key from a name or a board: lower-case slug, stable. */
export function companyKeyOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
  return slug === '' ? 'company' : slug;
}

/**
 * Registers a board and its company. With a company name the identity is resolved (verified by the
 * operator); without one the company is keyed by the board and stays unresolved, so its jobs are
 * hidden unless include_unresolved is set.
 */
export async function registerBoard(db: Database, line: BoardLine): Promise<string> {
  const corpus = new CorpusRepository(db);
  const companyKey = companyKeyOf(line.company ?? `${line.source}-${line.slug}`);
  await corpus.upsertCompany({
    key: companyKey,
    ...(line.company === undefined ? {} : { displayName: line.company }),
    ...(line.domain === undefined ? {} : { domain: line.domain }),
    resolved: line.company !== undefined,
  });
  return corpus.upsertBoard({
    source: line.source,
    slug: line.slug,
    ...(line.endpoint === undefined ? {} : { endpointOverride: line.endpoint }),
    companyKey,
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
      const id = await registerBoard(deps.db, board.line);
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
