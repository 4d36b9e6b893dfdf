import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { FixtureServer } from '../../scripts/lib/fixture-server.js';
import { partPath } from '../../src/services/datasets.js';
import { signPath, urlSigningKey } from '../../src/datasets/signing.js';
import {
  buildSnapshot,
  purgeSnapshots,
  SNAPSHOT_COLUMNS,
  type SnapshotDeps,
} from '../../src/datasets/snapshot.js';
import type { IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { testEnv } from './env.js';
import { call, type Problem } from './http.js';
import { crawlFixture, crawlSampleBoards } from './indices.js';

interface Manifest {
  snapshot_date: string;
  columns: string[];
  row_count: number;
  change_seq: number;
  parts: { url: string; rows: number; sha256: string; bytes: number }[];
  expires_at: string;
}

describe('dataset snapshots: verified Parquet parts behind signed URLs', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;
  let scale: string;
  let duck: DuckDBConnection;
  let deps: SnapshotDeps;
  const date = '2026-11-20';

  before(async () => {
    const env = testEnv();
    ({ server, ingest } = await crawlFixture('datasets-setup@example.com'));
    await crawlSampleBoards(server, ingest, 'ds');
    scale = (
      await env.services.accounts.createActiveAccount({
        email: 'datasets@example.com',
        plan: 'scale',
        isService: false,
      })
    ).key;
    deps = {
      db: env.runtime.database.db,
      es: env.runtime.es,
      index: env.runtime.indices.alias,
      dir: env.config.datasetsDir,
      parquet: env.runtime.parquet,
    };
    duck = await (await DuckDBInstance.create(':memory:')).connect();
  });

  after(async () => {
    await ingest.close();
    await server.close();
    duck.closeSync();
  });

  it('builds a snapshot of the open corpus in verified parts and refuses to rebuild it', async () => {
    const snapshot = await buildSnapshot(deps, date, 4);
    expect(snapshot.parts.length).to.be.greaterThan(2);
    expect(snapshot.parts.slice(0, -1).every((part) => part.rows === 4)).to.equal(true);
    for (const part of snapshot.parts) {
      const bytes = readFileSync(join(deps.dir, part.file));
      expect(createHash('sha256').update(bytes).digest('hex')).to.equal(part.sha256);
      expect(bytes.length).to.equal(part.bytes);
    }
    let refused: unknown;
    await buildSnapshot(deps, date, 4).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.match(/immutable/);
  });

  it('lists it and hands out a manifest whose signed URLs download the parts without a key', async () => {
    const listed = await call('/v1/datasets', { headers: { 'X-API-Key': scale } });
    expect(listed.status).to.equal(200);
    expect((listed.body as { data: { snapshot_date: string }[] }).data[0]).to.include({
      snapshot_date: date,
    });
    const response = await call(`/v1/datasets/${date}`, { headers: { 'X-API-Key': scale } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const manifest = response.body as Manifest;
    expect(manifest.columns).to.deep.equal(SNAPSHOT_COLUMNS);
    const expiresIn = Date.parse(manifest.expires_at) - Date.now();
    expect(expiresIn).to.be.within(3_500_000, 3_600_000);
    const files: string[] = [];
    for (const [index, part] of manifest.parts.entries()) {
      const download = await fetch(part.url);
      expect(download.status).to.equal(200);
      expect(download.headers.get('content-type')).to.equal('application/vnd.apache.parquet');
      const bytes = Buffer.from(await download.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).to.equal(part.sha256);
      const file = join(testEnv().config.datasetsDir, `downloaded-${String(index)}.parquet`);
      await writeFile(file, bytes);
      files.push(`'${file}'`);
    }
    // An independent reader: every open job the search API returns, each exactly once.
    const rows = (
      await duck.runAndReadAll(`SELECT job_key, status FROM read_parquet([${files.join(', ')}])`)
    ).getRowObjectsJS();
    expect(rows).to.have.length(manifest.row_count);
    expect(new Set(rows.map((row) => row.job_key)).size).to.equal(rows.length);
    expect(rows.every((row) => row.status === 'open')).to.equal(true);
    const searched = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await call(
        `/v1/jobs/search?limit=1000${cursor === undefined ? '' : `&cursor=${cursor}`}`,
        { headers: { 'X-API-Key': scale } },
      );
      const body = page.body as { data: { job_key: string }[]; next_cursor?: string };
      for (const job of body.data) searched.add(job.job_key);
      cursor = body.next_cursor;
    } while (cursor !== undefined);
    expect(rows.map((row) => row.job_key)).to.have.members([...searched]);
  });

  it('rejects a tampered path or expiry (403), an expired URL (410), other plans (403), unknown dates (404)', async () => {
    const manifest = (await call(`/v1/datasets/${date}`, { headers: { 'X-API-Key': scale } }))
      .body as Manifest;
    const first = new URL(manifest.parts[0]?.url ?? '');
    const otherPart = new URL(first);
    otherPart.pathname = otherPart.pathname.replace(/\/parts\/1$/, '/parts/2');
    const laterExpiry = new URL(first);
    laterExpiry.searchParams.set('expires', String(Number(first.searchParams.get('expires')) + 60));
    for (const url of [otherPart, laterExpiry]) {
      const response = await call(`${url.pathname}${url.search}`);
      expect(response.status, url.toString()).to.equal(403);
      expect((response.body as Problem).code).to.equal('dataset_url_invalid');
    }
    const key = urlSigningKey(testEnv().config.secrets.cursorSecret);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await call(
      `${partPath(date, 1)}?expires=${String(past)}&signature=${signPath(key, partPath(date, 1), past)}`,
    );
    expect(expired.status).to.equal(410);
    expect((expired.body as Problem).code).to.equal('dataset_url_expired');
    const growth = (
      await testEnv().services.accounts.createActiveAccount({
        email: 'datasets-growth@example.com',
        plan: 'growth',
        isService: false,
      })
    ).key;
    expect((await call('/v1/datasets', { headers: { 'X-API-Key': growth } })).body).to.include({
      status: 403,
      code: 'plan_required',
    });
    expect((await call('/v1/datasets/2020-01-01', { headers: { 'X-API-Key': scale } })).status).to.equal(404);
    expect((await call('/v1/datasets/not-a-date', { headers: { 'X-API-Key': scale } })).status).to.equal(422);
  });

  it('deletes snapshots past the 90-day retention, rows and files', async () => {
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    await deps.db.none(
      `INSERT INTO dataset_snapshots (snapshot_date, columns, row_count, bytes, change_seq) VALUES ($1, $2, 0, 0, 0)`,
      [old, SNAPSHOT_COLUMNS],
    );
    await mkdir(join(deps.dir, old), { recursive: true });
    expect((await call(`/v1/datasets/${old}`, { headers: { 'X-API-Key': scale } })).status).to.equal(404);
    expect(await purgeSnapshots(deps)).to.deep.equal([old]);
    expect(existsSync(join(deps.dir, old))).to.equal(false);
    expect(existsSync(join(deps.dir, date))).to.equal(true);
  });
});
