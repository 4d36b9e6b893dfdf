/**
 * Ingestion as operators and the worker use it: register boards, crawl them (bounded concurrency,
 * polite per host), and move the ledger along (sequence, project).
 */
import pLimit from 'p-limit';
import type { Database } from '../db/database.js';
import { CorpusRepository } from '../db/corpus.js';
import type { Clock } from '../lib/clock.js';
import { projectPending, type ProjectionResult } from '../ledger/projector.js';
import { sequenceCommitted } from '../ledger/sequencer.js';
import { latestSeq } from '../ledger/ledger.js';
import type { EsClient } from '../search/client.js';
import type { BoardLine } from './boards-file.js';
import { crawlBoard, recordCrawl, type CrawlSummary, type IngestDeps } from './pipeline.js';
import type { SourcePosting } from './types.js';

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
 * Sequences and projects until every ledger event committed before the call is searchable. Another
 * projector may hold the projection lock meanwhile; then this waits for it to pass the target.
 */
export async function catchUp(
  db: Database,
  es: EsClient,
  index: string,
  clock: Clock,
  deadlineMs = 120_000,
): Promise<ProjectionResult> {
  await sequenceCommitted(db, deadlineMs);
  const target = await latestSeq(db);
  const total: ProjectionResult = { applied: 0, stale: 0, checkpoint: 0 };
  const until = Date.now() + deadlineMs;
  for (;;) {
    const projected = await projectPending(db, es, index, { now: () => clock.now() });
    total.applied += projected.applied;
    total.stale += projected.stale;
    total.checkpoint = projected.checkpoint;
    if (projected.checkpoint >= target) return total;
    if (Date.now() > until) throw new Error(`projection did not reach seq ${target} within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
