/**
 * Job pages written from the bytes of Elasticsearch's answer (search/raw-response.ts): each job is
 * its public members in the contract's order (PUBLIC_JOB_MEMBERS, as publicJob writes them), copied
 * as they are in `_source`, with the stored description put in its place when the read asked for
 * it. Members a job lacks are absent, as JSON.stringify drops publicJob's undefined members. A job
 * indexed with its public region (search/public-region.ts) and read without stored fields is that
 * region, copied in one piece.
 */
import { PUBLIC_JOB_MEMBERS } from '../domain/public-job.js';
import { ByteWriter } from '../lib/byte-writer.js';
import { writeMembers, type RawHit } from '../search/raw-response.js';
import type { RawJobPage, RawTypedPage } from '../services/jobs.js';

const encoded = (text: string): Buffer => Buffer.from(text, 'utf8');
const OPEN = encoded('{');
const CLOSE = encoded('}');
const SEPARATOR = encoded(',');

/** One job: `{…}` of its public members. */
export function writeJob(writer: ByteWriter, bytes: Buffer, hit: RawHit): void {
  if (hit.publicEnd !== undefined && hit.stored.size === 0) {
    writer.span(bytes, hit.source.start, hit.publicEnd).bytes(CLOSE);
    return;
  }
  writeMembers(writer, bytes, hit, PUBLIC_JOB_MEMBERS);
}

const DATA_OPEN = encoded('"data":[');
const DATA_CLOSE = encoded(']');

function writePage(writer: ByteWriter, page: RawJobPage): void {
  writer.bytes(DATA_OPEN);
  page.jobs.hits.forEach((hit, index) => {
    if (index > 0) writer.bytes(SEPARATOR);
    writeJob(writer, page.jobs.bytes, hit);
  });
  writer.bytes(DATA_CLOSE);
  if (page.next_cursor !== undefined) writer.text(`,"next_cursor":${JSON.stringify(page.next_cursor)}`);
}

/** OpenAPI JobList, as presentJobPage writes it. */
export function presentJobPageBytes(page: RawJobPage): Buffer {
  const writer = new ByteWriter().bytes(OPEN);
  writePage(writer, page);
  return writer.bytes(CLOSE).finish();
}

/** OpenAPI SearchResult of a keyword search, as presentTypedPage writes it. */
export function presentTypedPageBytes(page: RawTypedPage): Buffer {
  const writer = new ByteWriter().text('{"mode":"keyword",');
  writePage(writer, page);
  if (page.facets !== undefined) writer.text(`,"facets":${JSON.stringify(page.facets)}`);
  return writer.bytes(CLOSE).finish();
}
