/**
 * Response compression through the real app (http/compression.ts): a 1,000-job search page and
 * export parts negotiated by Accept-Encoding, read raw (fetch would decode them) and decoded here
 * to exactly the identity bodies; small answers, Parquet and HEAD unencoded; MCP over gzip.
 */
import { expect } from 'chai';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { isSourceCode } from '../../src/domain/sources.js';
import { descriptionOf } from '../../src/ingest/normalize/job.js';
import { toIndexDocument } from '../../src/search/document.js';
import type { IndexNames } from '../../src/search/indices.js';
import { ExportService } from '../../src/services/export.js';
import { JobSearchService } from '../../src/services/jobs.js';
import { storedJob } from '../support/jobs.js';
import { syntheticBoards } from '../support/synthetic.js';
import { serve, testEnv } from './env.js';
import { call } from './http.js';
import { createTempIndex, dropIndexFamily } from './indices.js';

const JOBS = 1000;
const CODINGS = ['gzip', 'br', 'zstd'] as const;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** One request whose body is read as sent, not decoded. */
function raw(url: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(response: Raw): string {
  const coding = response.headers['content-encoding'];
  if (coding === 'gzip') return gunzipSync(response.bytes).toString('utf8');
  if (coding === 'br') return brotliDecompressSync(response.bytes).toString('utf8');
  if (coding === 'zstd') return zstdDecompressSync(response.bytes).toString('utf8');
  if (coding === undefined) return response.bytes.toString('utf8');
  throw new Error(`unexpected Content-Encoding ${coding}`);
}

/** 1,000 jobs shaped as crawled ones: synthetic postings with their description text and location. */
async function indexCorpus(alias: string): Promise<void> {
  const operations: object[] = [];
  for (const board of syntheticBoards({ seed: 5, jobs: JOBS, meanBoardSize: 20 })) {
    const { source } = board;
    if (!isSourceCode(source)) throw new Error(`synthetic source ${source}`);
    for (const posting of board.postings) {
      const [location] = posting.locations;
      const description = descriptionOf(posting);
      const stored = storedJob(`${source}__${board.slug}__${posting.nativeId}`, {
        native_id: posting.nativeId,
        title: posting.title,
        organization: board.companyName,
        url: posting.url,
        source,
        source_slug: board.slug,
        source_endpoint: posting.sourceEndpoint,
        company_key: board.companyKey,
        company_domain: board.domain,
        first_seen: posting.postedAt ?? '2026-01-01T00:00:00.000Z',
        ...(posting.postedAt === undefined ? {} : { posted_at: posting.postedAt }),
        ...(posting.department === undefined ? {} : { department: posting.department }),
        ...(description === undefined ? {} : { description_text: description }),
        locations_derived: [
          {
            city: location?.city ?? null,
            country: null,
            country_code: location?.countryCode ?? null,
            lat: null,
            lng: null,
          },
        ],
      });
      operations.push(
        { index: { _index: alias, _id: stored.job_key } },
        toIndexDocument(stored, '2026-01-01T00:00:00.000Z'),
      );
    }
  }
  const bulk = await testEnv().runtime.es.bulk({ operations, refresh: true });
  expect(bulk.errors).to.equal(false);
}

describe('compression: responses and export parts negotiated by Accept-Encoding', function () {
  this.timeout(180_000);
  let names: IndexNames;
  let baseUrl = '';
  let key = '';

  before(async () => {
    const env = testEnv();
    names = await createTempIndex('cmp');
    await indexCorpus(names.alias);
    baseUrl = await serve(
      {
        ...env.services,
        jobs: new JobSearchService(env.runtime.es, names.alias, env.config.secrets.cursorSecret),
        exports: new ExportService(
          env.runtime.es,
          names.alias,
          env.config.secrets.cursorSecret,
          env.runtime.parquet,
        ),
      },
      env.document,
    );
    // Growth: descriptions in exports, and allowance for the pages and parts below.
    ({ key } = await env.services.accounts.createActiveAccount({
      email: 'compression@example.com',
      plan: 'growth',
      isService: false,
    }));
  });

  after(async () => {
    await dropIndexFamily(testEnv().runtime.es, names);
  });

  it('a 1,000-job search page: each coding decodes to the identity body, gzip ≥ 5× smaller', async () => {
    const path = `${baseUrl}/v1/jobs/search?limit=1000`;
    const identity = await raw(path, { 'X-API-Key': key });
    expect(identity.status, identity.bytes.toString()).to.equal(200);
    expect(identity.headers['content-encoding']).to.equal(undefined);
    expect(identity.headers['content-length']).to.equal(String(identity.bytes.length));
    expect(identity.headers.vary).to.equal('Accept-Encoding');
    const page = JSON.parse(identity.bytes.toString('utf8')) as { data: { job_key: string }[] };
    expect(page.data).to.have.length(JOBS);
    for (const coding of CODINGS) {
      const encoded = await raw(path, { 'X-API-Key': key, 'Accept-Encoding': coding });
      expect(encoded.status).to.equal(200);
      expect(encoded.headers['content-encoding'], coding).to.equal(coding);
      expect(encoded.headers.vary).to.equal('Accept-Encoding');
      expect(encoded.headers['content-type']).to.equal(identity.headers['content-type']);
      expect(encoded.headers['content-length']).to.equal(undefined);
      const ratio = identity.bytes.length / encoded.bytes.length;
      if (coding === 'gzip') expect(ratio, `gzip ratio ${ratio.toFixed(1)}`).to.be.at.least(5);
      // The same jobs in the same order (a fresh search: only the signed cursor may differ).
      const body = JSON.parse(decoded(encoded)) as { data: unknown[] };
      expect(body.data, coding).to.deep.equal(page.data);
    }
    // fetch decodes what it asked for; the contract check sees the decoded body.
    const fetched = await call('/v1/jobs/search?limit=1000', { headers: { 'X-API-Key': key } }, baseUrl);
    expect(fetched.headers.get('content-encoding')).to.equal('gzip');
    expect((fetched.body as { data: unknown[] }).data).to.deep.equal(page.data);
  });

  it('no Accept-Encoding or identity: uncompressed; HEAD is never encoded', async () => {
    const path = `${baseUrl}/v1/jobs/search?limit=200`;
    const variants: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'gzip;q=0' },
    ];
    for (const headers of variants) {
      const response = await raw(path, { 'X-API-Key': key, ...headers });
      expect(response.status).to.equal(200);
      expect(response.headers['content-encoding'], JSON.stringify(headers)).to.equal(undefined);
      expect(response.headers.vary).to.equal('Accept-Encoding');
      expect(JSON.parse(response.bytes.toString('utf8')))
        .to.have.property('data')
        .with.length(200);
    }
    const head = await raw(path, { 'X-API-Key': key, 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).to.equal(200);
    expect(head.headers['content-encoding']).to.equal(undefined);
    expect(head.bytes.length).to.equal(0);
  });

  it('answers under the threshold go out unencoded (a small problem, an empty page)', async () => {
    const headers = { 'X-API-Key': key, 'Accept-Encoding': 'gzip, br, zstd' };
    const problem = await raw(`${baseUrl}/v1/jobs/search?limit=0`, headers);
    expect(problem.status).to.equal(422);
    expect(problem.headers['content-type']).to.match(/^application\/problem\+json/);
    expect(problem.bytes.length).to.be.lessThan(1024);
    expect(problem.headers['content-encoding']).to.equal(undefined);
    expect(problem.headers.vary).to.equal('Accept-Encoding');
    const empty = await raw(`${baseUrl}/v1/jobs/search?source=bullhorn&limit=10`, headers);
    expect(empty.status).to.equal(200);
    expect(empty.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(empty.bytes.toString('utf8'))).to.deep.include({ data: [] });
  });

  for (const format of ['ndjson', 'csv'] as const) {
    it(`an export part in ${format}: gzip and zstd decode to the same lines as the identity part`, async () => {
      const path = `${baseUrl}/v1/jobs/export?format=${format}&columns=job_key,title,organization,description_text`;
      const identity = await raw(path, { 'X-API-Key': key });
      expect(identity.status, identity.bytes.toString()).to.equal(200);
      expect(identity.headers['content-encoding']).to.equal(undefined);
      const lines = identity.bytes.toString('utf8').split(format === 'csv' ? '\r\n' : '\n');
      expect(lines.pop()).to.equal('');
      expect(lines).to.have.length(format === 'csv' ? JOBS + 1 : JOBS);
      for (const coding of ['gzip', 'zstd']) {
        const encoded = await raw(path, { 'X-API-Key': key, 'Accept-Encoding': coding });
        expect(encoded.status).to.equal(200);
        expect(encoded.headers['content-encoding'], coding).to.equal(coding);
        expect(encoded.headers['content-type']).to.equal(identity.headers['content-type']);
        expect(encoded.headers['content-disposition']).to.equal(identity.headers['content-disposition']);
        expect(encoded.headers['x-export-part-count']).to.equal('1');
        expect(encoded.bytes.length).to.be.lessThan(identity.bytes.length / 4);
        const text = decoded(encoded);
        const decodedLines = text.split(format === 'csv' ? '\r\n' : '\n');
        expect(decodedLines.pop()).to.equal('');
        // Each part reads its own point in time: the same rows, in storage order.
        expect([...decodedLines].sort(), coding).to.deep.equal([...lines].sort());
        if (format === 'csv') expect(decodedLines[0]).to.equal(lines[0]);
      }
    });
  }

  it('a Parquet export is never encoded', async () => {
    const response = await raw(`${baseUrl}/v1/jobs/export?format=parquet&columns=job_key,title`, {
      'X-API-Key': key,
      'Accept-Encoding': 'gzip, br, zstd',
    });
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.equal('application/vnd.apache.parquet');
    expect(response.headers['content-encoding']).to.equal(undefined);
    expect(response.bytes.subarray(0, 4).toString('latin1')).to.equal('PAR1');
  });

  it('MCP over gzip: a JSON-RPC answer decodes to the same message', async () => {
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
    };
    const plain = await raw(`${baseUrl}/mcp`, headers, 'POST', message);
    expect(plain.status).to.equal(200);
    const encoded = await raw(`${baseUrl}/mcp`, { ...headers, 'accept-encoding': 'gzip' }, 'POST', message);
    expect(encoded.status).to.equal(200);
    expect(encoded.headers['content-encoding']).to.equal('gzip');
    const expected = JSON.parse(plain.bytes.toString('utf8')) as { result: { tools: unknown[] } };
    expect(expected.result.tools.length).to.be.greaterThan(0);
    expect(JSON.parse(decoded(encoded))).to.deep.equal(expected);
  });
});
