import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { FixtureServer } from '../../scripts/lib/fixture-server.js';
import { csvCells, DEFAULT_EXPORT_COLUMNS, type ExportRow } from '../../src/export/columns.js';
import { csvRecords } from '../../src/export/encoders.js';
import { ExportService } from '../../src/services/export.js';
import type { IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { serve, testEnv } from './env.js';
import { call, type Problem } from './http.js';
import { readParquet } from '../support/parquet.js';
import { crawlFixture, crawlSampleBoards } from './indices.js';

/**
 * A value read back from Parquet or the API, absent and null alike left out, timestamps as the API
 * writes them: Parquet has a null for every absent member of a struct, the API leaves it out.
 */
function withoutNulls(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null && member !== undefined)
      .map(([name, member]) => [name, withoutNulls(member)]),
  );
}

/** A text value read back (DuckDB VARCHAR, JSON members); anything else fails the test. */
function text(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`expected text, got ${JSON.stringify(value)}`);
  return value;
}

interface Fetched {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function download(path: string, apiKey: string, baseUrl = testEnv().baseUrl): Promise<Fetched> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { 'X-API-Key': apiKey },
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Every job the search API returns for the filters, by job_key (the independent truth). */
async function searchAll(filters: string, apiKey: string): Promise<Map<string, Record<string, unknown>>> {
  const jobs = new Map<string, Record<string, unknown>>();
  let cursor: string | undefined;
  do {
    const page = await call(
      `/v1/jobs/search?${filters}&limit=1000${cursor === undefined ? '' : `&cursor=${cursor}`}`,
      { headers: { 'X-API-Key': apiKey } },
    );
    expect(page.status, JSON.stringify(page.body)).to.equal(200);
    const body = page.body as { data: Record<string, unknown>[]; next_cursor?: string };
    for (const job of body.data) jobs.set(String(job.job_key), job);
    cursor = body.next_cursor;
  } while (cursor !== undefined);
  return jobs;
}

describe('bulk export: CSV, NDJSON parts and Parquet, read back independently', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;
  let key: string;
  let duck: DuckDBConnection;
  let dir: string;
  const FILTERS = 'source=ashby,greenhouse,lever';

  before(async () => {
    const env = testEnv();
    ({ server, ingest, key } = await crawlFixture('export-setup@example.com'));
    await crawlSampleBoards(server, ingest, 'ex');
    // Growth: the description column is included in its plan.
    key = (
      await env.services.accounts.createActiveAccount({
        email: 'export@example.com',
        plan: 'growth',
        isService: false,
      })
    ).key;
    duck = await (await DuckDBInstance.create(':memory:')).connect();
    dir = await mkdtemp(join(tmpdir(), 'jlds-export-'));
  });

  after(async () => {
    await ingest.close();
    await server.close();
    duck.closeSync();
    await rm(dir, { recursive: true, force: true });
  });

  it('NDJSON: one Job per line with the API field names, equal to the search results', async () => {
    const expected = await searchAll(FILTERS, key);
    expect(expected.size).to.be.greaterThan(10);
    const exported = await download(`/v1/jobs/export?format=ndjson&${FILTERS}`, key);
    expect(exported.status).to.equal(200);
    expect(exported.headers.get('content-type')).to.contain('application/x-ndjson');
    expect(exported.headers.get('x-export-part')).to.equal('1');
    expect(exported.headers.get('x-export-part-count')).to.equal('1');
    const lines = exported.bytes.toString('utf8').split('\n');
    expect(lines.pop()).to.equal('');
    const rows = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => row.job_key)).to.have.members([...expected.keys()]);
    for (const row of rows) expect(row).to.deep.equal(expected.get(text(row.job_key)));
  });

  /**
   * The rows of the parsed path (services/export.ts rows()): an NDJSON export with the description
   * added, which takes that path, with the description dropped again.
   */
  async function parsedPathRows(): Promise<Record<string, unknown>[]> {
    const columns = [...DEFAULT_EXPORT_COLUMNS, 'description_text'].join(',');
    const parsed = await download(`/v1/jobs/export?format=ndjson&${FILTERS}&columns=${columns}`, key);
    expect(parsed.status).to.equal(200);
    return parsed.bytes
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const { description_text: _description, ...row } = JSON.parse(line) as Record<string, unknown>;
        return row;
      });
  }

  it('NDJSON: the default columns copied from the index equal the parsed path line for line, member order included', async () => {
    // Default columns: lines copied from _source (search/source-lines.ts).
    const copied = await download(`/v1/jobs/export?format=ndjson&${FILTERS}`, key);
    expect(copied.status).to.equal(200);
    const rows = await parsedPathRows();
    expect(rows.length).to.be.greaterThan(10);
    expect(copied.bytes.toString('utf8')).to.equal(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
  });

  it('CSV: the default columns written from the copied lines equal the parsed path byte for byte', async () => {
    // Default columns: records written from the lines copied out of the index (export/csv-lines.ts).
    const copied = await download(`/v1/jobs/export?format=csv&${FILTERS}`, key);
    expect(copied.status).to.equal(200);
    const rows = (await parsedPathRows()) as ExportRow[];
    expect(copied.bytes.toString('utf8')).to.equal(
      csvRecords([[...DEFAULT_EXPORT_COLUMNS], ...rows.map((row) => csvCells(row, DEFAULT_EXPORT_COLUMNS))]),
    );
  });

  it('CSV: RFC 4180 that DuckDB reads back cell for cell', async () => {
    const expected = await searchAll(FILTERS, key);
    const exported = await download(`/v1/jobs/export?format=csv&${FILTERS}`, key);
    expect(exported.status).to.equal(200);
    expect(exported.headers.get('content-disposition')).to.match(
      /attachment; filename="jobs-export-part-0001\.csv"/,
    );
    const file = join(dir, 'export.csv');
    await writeFile(file, exported.bytes);
    const reader = await duck.runAndReadAll(
      `SELECT * FROM read_csv('${file}', header = true, all_varchar = true, quote = '"', escape = '"')`,
    );
    const rows = reader.getRowObjectsJS() as Record<string, string | null>[];
    expect(reader.columnNames()).to.deep.equal(DEFAULT_EXPORT_COLUMNS);
    expect(rows).to.have.length(expected.size);
    for (const row of rows) {
      const job = expected.get(text(row.job_key));
      expect(job, text(row.job_key)).not.to.equal(undefined);
      const cells = csvCells(job as ExportRow, DEFAULT_EXPORT_COLUMNS);
      expect(DEFAULT_EXPORT_COLUMNS.map((column) => row[column] ?? '')).to.deep.equal(cells);
    }
  });

  it('CSV: descriptions with newlines, quotes and commas survive the round trip', async () => {
    const described = await searchAll(`${FILTERS}&include_description=true`, key);
    const multiline = [...described.values()].filter((job) =>
      /[\n",]/.test(typeof job.description_text === 'string' ? job.description_text : ''),
    );
    expect(multiline.length).to.be.greaterThan(0);
    const exported = await download(
      `/v1/jobs/export?format=csv&${FILTERS}&columns=job_key,title,description_text`,
      key,
    );
    const file = join(dir, 'descriptions.csv');
    await writeFile(file, exported.bytes);
    const rows = (
      await duck.runAndReadAll(
        `SELECT * FROM read_csv('${file}', header = true, all_varchar = true, quote = '"', escape = '"')`,
      )
    ).getRowObjectsJS() as Record<string, string | null>[];
    expect(rows).to.have.length(described.size);
    for (const row of rows) {
      const job = described.get(text(row.job_key));
      expect(row.title).to.equal(job?.title);
      expect(row.description_text ?? undefined).to.equal(job?.description_text);
    }
  });

  it('Parquet: typed columns (UTC timestamps, booleans, lists of location structs) equal to the search results', async () => {
    const expected = await searchAll(FILTERS, key);
    const exported = await download(
      `/v1/jobs/export?format=parquet&${FILTERS}&columns=job_key,first_seen,remote_derived,locations_derived,salary,employment_type,derivations,description_text`,
      key,
    );
    expect(exported.status).to.equal(200);
    expect(exported.headers.get('content-type')).to.equal('application/vnd.apache.parquet');
    const file = join(dir, 'export.parquet');
    await writeFile(file, exported.bytes);
    const types = (
      await duck.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)
    ).getRowObjectsJS();
    expect(Object.fromEntries(types.map((t) => [t.column_name, t.column_type]))).to.deep.include({
      job_key: 'VARCHAR',
      first_seen: 'TIMESTAMP WITH TIME ZONE',
      remote_derived: 'BOOLEAN',
      locations_derived:
        'STRUCT(city VARCHAR, country VARCHAR, country_code VARCHAR, lat DOUBLE, lng DOUBLE)[]',
      employment_type: 'VARCHAR[]',
      derivations: 'JSON',
    });
    const rows = (
      await duck.runAndReadAll(
        `SELECT job_key, epoch_ms(first_seen) AS first_seen_ms, remote_derived, to_json(locations_derived)::varchar AS locations,
                salary.min AS salary_min, salary.currency AS salary_currency, to_json(employment_type)::varchar AS employment_type,
                derivations::varchar AS derivations, description_text FROM read_parquet('${file}')`,
      )
    ).getRowObjectsJS();
    expect(rows.map((row) => row.job_key)).to.have.members([...expected.keys()]);
    const described = await searchAll(`${FILTERS}&include_description=true`, key);
    for (const row of rows) {
      const job = described.get(text(row.job_key)) ?? {};
      expect(Number(row.first_seen_ms)).to.equal(Date.parse(String(job.first_seen)));
      expect(row.remote_derived ?? undefined).to.equal(job.remote_derived);
      expect(JSON.parse(text(row.locations))).to.deep.equal(job.locations_derived ?? null);
      const salary = job.salary as { min?: number; currency?: string } | undefined;
      expect(row.salary_min ?? undefined).to.equal(salary?.min);
      expect(row.salary_currency ?? undefined).to.equal(salary?.currency);
      expect(row.employment_type === null ? undefined : JSON.parse(text(row.employment_type))).to.deep.equal(
        job.employment_type,
      );
      expect(row.derivations === null ? undefined : JSON.parse(text(row.derivations))).to.deep.equal(
        job.derivations,
      );
      expect(row.description_text ?? undefined).to.equal(job.description_text);
    }
  });

  it('Parquet with the default columns (the NDJSON export lines, encoded by DuckDB): every member of every row equals the search results', async () => {
    const expected = await searchAll(FILTERS, key);
    const exported = await download(`/v1/jobs/export?format=parquet&${FILTERS}`, key);
    expect(exported.status).to.equal(200);
    const rows = await readParquet(exported.bytes);
    expect(rows.map((row) => row.job_key)).to.have.members([...expected.keys()]);
    expect(rows.filter((row) => row.derivations !== null)).to.not.have.length(0);
    for (const row of rows) {
      const job = expected.get(text(row.job_key));
      expect(withoutNulls(row), text(row.job_key)).to.deep.equal(withoutNulls(job));
    }
  });

  it('parts (7 rows, fetched 3 at a time): one point-in-time result across parts, no row twice, even while the index changes', async () => {
    const env = testEnv();
    const small = await serve(
      {
        ...env.services,
        exports: new ExportService(
          env.runtime.es,
          env.runtime.indices.alias,
          env.runtime.config.secrets.cursorSecret,
          env.runtime.parquet,
          {
            partRows: 7,
            pageRows: 3,
          },
        ),
      },
      env.document,
    );
    const expected = await searchAll(FILTERS, key);
    const first = `/v1/jobs/export?format=ndjson&${FILTERS}&columns=job_key`;
    const nextOf = (part: Fetched): string | undefined => {
      const link = part.headers.get('link');
      return link === null ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    };
    const keysOf = (part: Fetched): string[] =>
      part.bytes
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { job_key: string }).job_key);

    const seen: string[] = [];
    let partOne: Fetched | undefined;
    let path: string | undefined = first;
    let parts = 0;
    // A job written after part 1 and one deleted after it: neither changes the export under way.
    const [sample] = expected.values();
    const donor = await env.runtime.es.get<Record<string, unknown>>({
      index: env.runtime.indices.alias,
      id: String(sample?.job_key),
    });
    const added = `${String(sample?.job_key)}-added-mid-export`;
    let removed: { id: string; document: Record<string, unknown> } | undefined;
    try {
      while (path !== undefined) {
        const part = await download(path, key, small);
        expect(part.status, part.bytes.toString()).to.equal(200);
        parts += 1;
        expect(part.headers.get('x-export-part')).to.equal(String(parts));
        const keys = keysOf(part);
        expect(keys.length).to.be.at.most(7);
        seen.push(...keys);
        if (parts === 1) {
          partOne = part;
          await env.runtime.es.index({
            index: env.runtime.indices.alias,
            id: added,
            document: { ...donor._source, job_key: added },
            refresh: true,
          });
          const id = [...expected.keys()].find((jobKey) => !keys.includes(jobKey));
          if (id === undefined) throw new Error('the fixture result has more than one part');
          const doc = await env.runtime.es.get<Record<string, unknown>>({
            index: env.runtime.indices.alias,
            id,
          });
          removed = { id, document: doc._source ?? {} };
          await env.runtime.es.delete({ index: env.runtime.indices.alias, id, refresh: true });
        }
        path = nextOf(part);
      }
      expect(parts).to.equal(Math.ceil(expected.size / 7));
      expect(new Set(seen).size).to.equal(seen.length);
      expect(seen).to.have.members([...expected.keys()]);

      // Without a cursor a part is computed on a fresh view: the added job is in it, the removed one not.
      // Storage order holds between such views only while no merge renumbers the segments (as the
      // API documents): merge now, so none starts between these part requests.
      await env.runtime.es.indices.forcemerge({ index: env.runtime.indices.alias, max_num_segments: 1 });
      const fresh: string[] = [];
      for (let part = 1; ; part += 1) {
        const got = await download(`${first}&part=${part}`, key, small);
        if (got.status === 404) break;
        fresh.push(...keysOf(got));
      }
      expect(new Set(fresh).size).to.equal(fresh.length);
      expect(fresh).to.have.members([
        ...[...expected.keys()].filter((jobKey) => jobKey !== removed?.id),
        added,
      ]);
    } finally {
      await env.runtime.es.delete({ index: env.runtime.indices.alias, id: added, refresh: true });
      if (removed !== undefined)
        await env.runtime.es.index({
          index: env.runtime.indices.alias,
          id: removed.id,
          document: removed.document,
          refresh: true,
        });
    }

    // The cursor of part 2 belongs to part 2 and these filters; the view ended with the last part.
    const second = partOne === undefined ? undefined : nextOf(partOne);
    if (second === undefined) throw new Error('part 1 links to part 2');
    const mismatch = await download(second.replace('part=2', 'part=3'), key, small);
    expect(mismatch.status).to.equal(422);
    expect(mismatch.bytes.toString()).to.contain('cursor_mismatch');
    const tampered = await download(second.replace(/cursor=([^&]{5})/, 'cursor=AAAAA'), key, small);
    expect(tampered.status).to.equal(422);
    expect(tampered.bytes.toString()).to.contain('cursor_invalid');
    const ended = await download(second, key, small);
    expect(ended.status).to.equal(410);
    expect(ended.bytes.toString()).to.contain('export_cursor_expired');
    const beyond = await download(`/v1/jobs/export?format=ndjson&${FILTERS}&part=${parts + 1}`, key, small);
    expect(beyond.status).to.equal(404);
  });

  it('refunds a part whose stream is torn down before it starts (finish settles once)', async () => {
    const env = testEnv();
    const { key: buyer, accountId } = await env.services.accounts.createActiveAccount({
      email: 'export-abort@example.com',
      plan: 'starter',
      isService: false,
    });
    const principal = await env.services.accounts.authenticate(buyer);
    expect(principal.accountId).to.equal(accountId);
    const meter = env.services.allowances.meterFor(principal.accountId, 'https://x.test');
    const opened = await env.services.exports.open({
      filters: { source: ['ashby', 'greenhouse', 'lever'] },
      format: 'csv',
      part: 1,
      columns: ['job_key'],
      meter,
    });
    const used = async (): Promise<number> =>
      Number(
        (
          await env.runtime.database.db.one<{ used: string }>(
            'SELECT used::text FROM allowance_periods WHERE account_id = $1',
            [accountId],
          )
        ).used,
      );
    expect(await used()).to.equal(opened.rows);
    await opened.body.return(undefined);
    await opened.finish();
    await opened.finish();
    expect(await used()).to.equal(0);
  });

  it('charges a part as a whole before streaming: 402 with the part’s row count when it does not fit', async () => {
    const env = testEnv();
    const { key: starter, accountId } = await env.services.accounts.createActiveAccount({
      email: 'export-402@example.com',
      plan: 'starter',
      isService: false,
    });
    const expected = await searchAll(FILTERS, starter);
    const charged = await download(`/v1/jobs/export?format=ndjson&${FILTERS}&columns=job_key`, starter);
    expect(charged.status).to.equal(200);
    const used = await env.runtime.database.db.one<{ used: string }>(
      'SELECT used::text FROM allowance_periods WHERE account_id = $1',
      [accountId],
    );
    expect(Number(used.used)).to.equal(2 * expected.size);
    await env.runtime.database.db.none(
      'UPDATE allowance_periods SET used = allowance_limit - 1 WHERE account_id = $1',
      [accountId],
    );
    const refused = await call(`/v1/jobs/export?format=csv&${FILTERS}`, {
      headers: { 'X-API-Key': starter },
    });
    expect(refused.status).to.equal(402);
    expect(refused.body).to.include({ code: 'allowance_exhausted', requested: expected.size });
    const descriptions = await call(`/v1/jobs/export?${FILTERS}&columns=job_key,description_text`, {
      headers: { 'X-API-Key': starter },
    });
    expect((descriptions.body as Problem).code).to.equal('plan_required');
    expect(
      (await call(`/v1/jobs/export?format=parquet&part=2`, { headers: { 'X-API-Key': key } })).status,
    ).to.equal(404);
    expect((await call('/v1/jobs/export?format=xlsx', { headers: { 'X-API-Key': key } })).status).to.equal(
      422,
    );
    expect(
      (await call('/v1/jobs/export?columns=job_key,secret', { headers: { 'X-API-Key': key } })).status,
    ).to.equal(422);
    expect((await call('/v1/jobs/export')).status).to.equal(401);
  });
});
