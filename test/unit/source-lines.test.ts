import { expect } from 'chai';
import type { StoredJob } from '../../src/domain/job.js';
import { DEFAULT_EXPORT_COLUMNS } from '../../src/export/columns.js';
import { ndjsonLines } from '../../src/export/encoders.js';
import { PUBLIC_JOB_MEMBERS } from '../../src/domain/public-job.js';
import { compactLines, publicSpans, type PublicSpans } from '../../src/search/source-lines.js';
import { ChunkedBytes } from '../../src/lib/chunked-bytes.js';
import { storedJob } from '../support/jobs.js';
import { cuttings } from '../support/pieces.js';
import {
  adversarialSources,
  indexedSource,
  MARKER_ADVERSARIAL,
  searchAnswer,
  trickyText,
} from '../support/indexed.js';
import { seededRandom } from '../support/random.js';

const stored: StoredJob = storedJob('gh-1', {
  title: 'Senior C# Engineer',
  locations_derived: [{ city: 'Zürich', country: 'Switzerland', country_code: 'CH', lat: 47.37, lng: 8.54 }],
  remote_derived: false,
  employment_type: ['FULL_TIME'],
  skill_clusters: [],
  salary: { min: 100_000, max: 120_000.5, currency: 'CHF', period: 'year', source: 'source_field' },
  description_text: 'Build the platform.',
});

const answer = searchAnswer;

/** publicSpans and compactLines over a copy of `bytes` (compactLines rewrites it), the lines as text. */
function linesIn(pieces: Buffer[], hits: number): (PublicSpans & { text: string }) | undefined {
  const bytes = new ChunkedBytes(pieces);
  const spans = publicSpans(bytes, hits);
  if (spans === undefined) return undefined;
  const lines = compactLines(bytes, spans);
  expect(lines.every((view) => view.length > 0)).to.equal(true);
  return { ...spans, text: Buffer.concat(lines).toString('utf8') };
}

/**
 * linesIn over `bytes` whole and cut into pieces as a socket's reads may cut them (support/pieces.ts):
 * every cutting must give what the whole gives.
 */
function linesOf(bytes: Buffer, hits: number): (PublicSpans & { text: string }) | undefined {
  const [whole, ...cut] = cuttings(bytes).map((pieces) => linesIn(pieces, hits));
  for (const result of cut) expect(result).to.deep.equal(whole);
  return whole;
}

/** The lines the parse-and-serialize path writes for the same answer. */
function parsedLines(sources: Record<string, unknown>[]): string {
  return ndjsonLines(sources, DEFAULT_EXPORT_COLUMNS);
}

const ADVERSARIAL = MARKER_ADVERSARIAL;

describe('export lines copied from _source (search/source-lines.ts)', () => {
  it('relies on the default columns being the public members in contract order, the description apart', () => {
    expect(DEFAULT_EXPORT_COLUMNS).to.deep.equal(PUBLIC_JOB_MEMBERS.filter((m) => m !== 'description_text'));
  });

  it('copies each hit as the default-column NDJSON line, byte for byte the parsed path', () => {
    const sources = [
      indexedSource(stored),
      indexedSource({ ...stored, job_key: 'gh-2', closed_at: '2026-11-03T00:00:00.000Z', status: 'closed' }),
    ];
    const copied = linesOf(answer(sources), 2);
    expect(copied?.timedOut).to.equal(false);
    expect(copied?.shardsFailed).to.equal(0);
    expect(copied?.text).to.equal(parsedLines(sources));
  });

  it('is exact on adversarial strings in every member, public and internal', () => {
    const sources = adversarialSources(stored);
    const copied = linesOf(answer(sources), ADVERSARIAL.length);
    expect(copied?.text).to.equal(parsedLines(sources));
    for (const [i, line] of (copied?.text ?? '').split('\n').slice(0, -1).entries()) {
      const row = JSON.parse(line) as Record<string, unknown>;
      expect(row.title).to.equal(ADVERSARIAL[i]);
      expect(Object.keys(row)).to.not.include('public_members_end');
      expect(Object.keys(row)).to.not.include('native_id');
    }
  });

  it('agrees with the parsed path on 300 seeded random jobs', () => {
    const random = seededRandom(20261127);
    const text = (): string => trickyText(random);
    const sources = Array.from({ length: 300 }, (_, i) =>
      indexedSource({
        ...stored,
        job_key: `r${String(i)}`,
        title: text(),
        ...(random() < 0.5 ? { department: text() } : {}),
        ...(random() < 0.5 ? { posted_at: '2026-10-01T00:00:00.000Z' } : {}),
        ...(random() < 0.3 ? { salary: undefined } : {}),
        native_id: text(),
      }),
    );
    const copied = linesOf(answer(sources), 300);
    expect(copied?.text).to.equal(parsedLines(sources));
  });

  it('reads an empty page as no lines', () => {
    const copied = linesOf(answer([]), 0);
    expect(copied?.text).to.equal('');
  });

  it('reports a timed-out answer and failed shards', () => {
    const copied = linesOf(
      answer([indexedSource(stored)], {
        timed_out: true,
        _shards: { total: 2, successful: 1, skipped: 0, failed: 1, failures: [{ reason: '"hits":{' }] },
      }),
      1,
    );
    expect(copied?.timedOut).to.equal(true);
    expect(copied?.shardsFailed).to.equal(1);
  });

  it('does not recognize documents indexed before the marker, even next to ones after it', () => {
    const { public_members_end: _marker, ...older } = indexedSource(stored);
    expect(_marker).to.equal(true);
    expect(linesOf(answer([older]), 1)).to.equal(undefined);
    // The older hit's line would run into the next hit's marker: the count comes short.
    expect(linesOf(answer([older, indexedSource(stored)]), 2)).to.equal(undefined);
    expect(linesOf(answer([indexedSource(stored), older]), 2)).to.equal(undefined);
    expect(linesOf(answer([indexedSource(stored), older, indexedSource(stored)]), 3)).to.equal(undefined);
  });

  it('does not recognize an answer with another number of hits than asked', () => {
    const two = [indexedSource(stored), indexedSource({ ...stored, job_key: 'gh-2' })];
    expect(linesOf(answer(two), 3)).to.equal(undefined);
    expect(linesOf(answer(two), 1)).to.equal(undefined);
  });

  it('does not recognize a _source that does not open with job_key', () => {
    const { job_key: jobKey, ...rest } = indexedSource(stored);
    expect(linesOf(answer([{ ...rest, job_key: jobKey }]), 1)).to.equal(undefined);
  });

  it('does not recognize an answer in another shape (pretty-printed, not a search answer)', () => {
    const pretty = Buffer.from(
      JSON.stringify(JSON.parse(answer([indexedSource(stored)]).toString()), null, 2),
    );
    expect(linesOf(pretty, 1)).to.equal(undefined);
    expect(linesOf(Buffer.from('{"error":{"type":"x"},"status":500}'), 0)).to.equal(undefined);
    expect(linesOf(Buffer.from(''), 0)).to.equal(undefined);
  });

  it('reads without writing: the answer is as it was after publicSpans, recognized or not', () => {
    const { public_members_end: _marker, ...older } = indexedSource(stored);
    for (const [sources, hits] of [
      [[indexedSource(stored), older], 2],
      [[indexedSource(stored)], 1],
    ] as const) {
      const bytes = answer([...sources]);
      for (const pieces of cuttings(bytes)) {
        publicSpans(new ChunkedBytes(pieces), hits);
        expect(Buffer.concat(pieces).equals(bytes)).to.equal(true);
      }
    }
  });
});
