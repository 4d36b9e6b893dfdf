/**
 * Destinations end to end, as a Scale customer meets them: the operations over HTTP, delivery into
 * a real second Postgres database (its own role, over TLS) and to a local HTTPS receiver that checks
 * Standard Webhooks signatures, from jobs crawled through the real ingest path. The customer table is
 * compared with the corpus row by row, so this suite runs on its own schema and index.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile, rm } from 'node:fs/promises';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { DestinationRepository } from '../../src/db/destinations.js';
import { listedJob } from '../../src/domain/public-job.js';
import type { StoredJob } from '../../src/domain/job.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { createIngestDeps, type IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { crawlBoard } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { systemClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { DeliveryService } from '../../src/services/delivery.js';
import { DestinationService } from '../../src/services/destinations.js';
import { selfSignedCertificate } from '../support/tls.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { createCustomerDb, type CustomerDb } from './customer-db.js';
import { closeEnv, openEnv, testConfig, type TestEnv } from './env.js';
import { call, jsonBody, withKey, type ApiResponse } from './http.js';

interface Destination {
  id: string;
  kind: string;
  state: string;
  disabled_reason?: string;
  config: Record<string, unknown>;
  signing_secret?: string;
  last_delivered_seq?: number;
  consecutive_failures: number;
  backfill_pending?: boolean;
}
interface Run {
  id: string;
  status: string;
  source_acknowledged: number;
  destination_acknowledged: number;
  from_seq: number;
  to_seq?: number;
  report: { attempts: number; error_class?: string; message?: string };
}
const LEVER = JSON.parse(readFileSync('test/fixtures/ats/lever/leverdemo-postings-6.json', 'utf8')) as Record<
  string,
  unknown
>[];
const BOARDS = [
  ['ashby', 'ramp', 'ashby/ramp-job-board-6-no-compensation.json', 'posting-api/job-board'],
  ['greenhouse', 'stripe', 'greenhouse/stripe-jobs-list-no-content-6.json', 'v1/boards'],
  ['lever', 'lever', 'lever/leverdemo-postings-6.json', 'v0/postings'],
] as const;

describe('destinations', function () {
  this.timeout(180_000);
  const run = randomBytes(3).toString('hex');
  let env: TestEnv;
  let fixtures: FixtureServer;
  let ingest: IngestRuntime;
  let customer: CustomerDb;
  let receiver: WebhookReceiver;
  let delivery: DeliveryService;
  let key = '';
  let accountId = '';
  let caFile = '';
  const logs: string[] = [];
  const boardIds = new Map<string, string>();
  const api = (path: string, init: RequestInit = {}): Promise<ApiResponse> =>
    call(path, withKey(key, init), env.baseUrl);

  before(async () => {
    const cert = await selfSignedCertificate();
    caFile = join(tmpdir(), `jlds-destinations-ca-${run}.pem`);
    const stackCa = process.env.DESTINATION_EXTRA_CA_FILE;
    await writeFile(
      caFile,
      `${stackCa === undefined || stackCa === '' ? '' : readFileSync(stackCa, 'utf8')}\n${cert.cert}`,
    );
    env = await openEnv(
      testConfig({
        PG_SCHEMA: `t_${run}_dst`,
        ES_INDEX_PREFIX: `t${run}-dst`,
        DESTINATION_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
        DESTINATION_EXTRA_CA_FILE: caFile,
        // Small batches: several per run, so progress is recorded batch by batch.
        DESTINATION_BATCH_SIZE: '4',
        DESTINATION_POSTGRES_BATCH_SIZE: '4',
        DESTINATION_CALL_TIMEOUT_MS: '5000',
      }),
    );
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    delivery = new DeliveryService({
      db: env.runtime.database.db,
      config: env.config.destinations,
      userAgent: 'test',
      logger,
    });
    fixtures = await startFixtureServer();
    ingest = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 0);
    for (const [source, name, file, route] of BOARDS) {
      const slug = `dst-${name}`;
      fixtures.set(`/dst/${route}/${slug}${source === 'greenhouse' ? '/jobs' : ''}`, {
        body: readFileSync(`test/fixtures/ats/${file}`, 'utf8'),
      });
      const id = await registerBoard(env.runtime.database.db, {
        line: 1,
        source,
        slug,
        endpoint: `${fixtures.url}/dst`,
        company: `Destination ${name}`,
      });
      boardIds.set(name, id);
      await crawlBoard(ingest, id);
    }
    await settle();
    ({ key, accountId } = await env.services.accounts.createActiveAccount({
      email: 'scale@example.com',
      plan: 'scale',
      isService: false,
    }));
    customer = await createCustomerDb(run);
    receiver = await startWebhookReceiver();
  });

  after(async () => {
    await delivery.close();
    await ingest.close();
    await fixtures.close();
    await receiver.close();
    await customer.drop();
    await closeEnv(env);
    await rm(caFile, { force: true });
  });

  /** Numbers the committed events and projects them (delivery reads sequenced events only). */
  async function settle(): Promise<void> {
    await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, systemClock);
  }

  /** A JSON body sent with PATCH. */
  function patch(value: unknown): RequestInit {
    return { ...jsonBody(value), method: 'PATCH' };
  }

  function postgresBody(table: string, extra: Record<string, unknown> = {}): RequestInit {
    return jsonBody({
      kind: 'postgres',
      name: `customer ${table}`,
      config: { ...customer.settings, table, sslmode: 'verify-full' },
      ...extra,
    });
  }

  async function create(init: RequestInit): Promise<Destination> {
    const response = await api('/v1/destinations', { method: 'POST', ...init });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body as Destination;
  }

  async function runs(id: string): Promise<Run[]> {
    const response = await api(`/v1/destinations/${id}/runs?limit=1000`);
    expect(response.status).to.equal(200);
    return (response.body as { data: Run[] }).data;
  }

  /** Open jobs of resolved companies passing `keep`, as the change feed carries them. */
  async function openCorpus(keep: (job: StoredJob) => boolean = () => true): Promise<Map<string, unknown>> {
    const rows = await env.runtime.database.db.any<{ job_key: string; document: StoredJob }>(
      `SELECT job_key, document FROM job_state WHERE status = 'open'`,
    );
    return new Map(
      rows
        .filter((row) => row.document.company_resolved && keep(row.document))
        .map((row) => [row.job_key, JSON.parse(JSON.stringify(listedJob(row.document))) as unknown]),
    );
  }

  async function customerRows(
    table: string,
  ): Promise<Map<string, { seq: number; deleted: boolean; job: unknown }>> {
    const result = await customer.client.query<{
      job_key: string;
      seq: string;
      deleted: boolean;
      job: unknown;
      updated_at: Date;
    }>(`SELECT job_key, seq, deleted, job, updated_at FROM ${table}`);
    // pg-promise's type parsers (global to the driver) leave timestamps as text.
    for (const row of result.rows) expect(Number.isNaN(Date.parse(String(row.updated_at)))).to.equal(false);
    return new Map(
      result.rows.map((row) => [row.job_key, { seq: Number(row.seq), deleted: row.deleted, job: row.job }]),
    );
  }

  /** The customer's live rows equal the open corpus, row by row and member by member. */
  async function expectEqualToCorpus(table: string, keep?: (job: StoredJob) => boolean): Promise<void> {
    const corpus = await openCorpus(keep);
    const rows = await customerRows(table);
    const live = [...rows].filter(([, row]) => !row.deleted);
    expect(live.map(([jobKey]) => jobKey).sort()).to.deep.equal([...corpus.keys()].sort());
    for (const [jobKey, row] of live) expect(row.job, jobKey).to.deep.equal(corpus.get(jobKey));
  }

  it('creates disabled, redacts every secret, and refuses other plans and a bad configuration', async () => {
    const created = await create(postgresBody('jobs_redaction'));
    expect(created).to.include({
      kind: 'postgres',
      state: 'disabled',
      disabled_reason: 'created',
      consecutive_failures: 0,
    });
    expect(created.config).to.include({
      host: 'localhost',
      user: customer.settings.user,
      sslmode: 'verify-full',
    });
    expect(created.config.password_hint).to.match(/^[0-9a-f]{4}$/);
    const read = await api(`/v1/destinations/${created.id}`);
    const listed = await api('/v1/destinations');
    for (const response of [read, listed]) {
      expect(response.status).to.equal(200);
      expect(JSON.stringify(response.body)).not.to.include(customer.settings.password);
    }
    expect(JSON.stringify(created)).not.to.include(customer.settings.password);

    const hook = await api('/v1/destinations', {
      method: 'POST',
      ...jsonBody({ kind: 'webhook', name: 'hook', config: { url: `${receiver.url}?token=abc` } }),
    });
    expect(hook.status).to.equal(201);
    expect(hook.headers.get('cache-control')).to.equal('no-store');
    expect(hook.headers.get('location')).to.equal(`/v1/destinations/${(hook.body as Destination).id}`);
    const secret = (hook.body as Destination).signing_secret ?? '';
    expect(secret).to.match(/^whsec_/);
    expect((hook.body as Destination).config).to.deep.equal({
      url: receiver.url,
      secret_hint: secret.slice(-4),
    });
    const again = await api(`/v1/destinations/${(hook.body as Destination).id}`);
    expect(again.body).not.to.have.property('signing_secret');
    expect(JSON.stringify(again.body)).not.to.include(secret);

    // A password that fails validation is never echoed in the 422.
    const secretPassword = `never-echoed-${'x'.repeat(1100)}`;
    const tooLong = await api('/v1/destinations', {
      method: 'POST',
      ...jsonBody({
        kind: 'postgres',
        name: 'bad',
        config: { ...customer.settings, password: secretPassword, table: 'jobs' },
      }),
    });
    expect(tooLong.status).to.equal(422);
    expect(JSON.stringify(tooLong.body)).not.to.include('never-echoed');

    const blocked = await api('/v1/destinations', {
      method: 'POST',
      ...jsonBody({
        kind: 'postgres',
        name: 'metadata',
        config: { ...customer.settings, host: '169.254.169.254', table: 'jobs' },
      }),
    });
    expect(blocked.status).to.equal(422);
    expect(JSON.stringify(blocked.body))
      .to.include('address_blocked')
      .and.not.include(customer.settings.password);

    const badTitle = await api('/v1/destinations', {
      method: 'POST',
      ...postgresBody('jobs_title', { filters: { title: 'a & & b' } }),
    });
    expect(badTitle.status).to.equal(422);
    expect(JSON.stringify(badTitle.body)).to.include('filters');

    const growth = await env.services.accounts.createActiveAccount({
      email: 'growth@example.com',
      plan: 'growth',
      isService: false,
    });
    const refused = await call('/v1/destinations', withKey(growth.key), env.baseUrl);
    expect(refused.status).to.equal(403);
  });

  it('enable backfills the open corpus into the customer table; changes and closures arrive; runs count them', async () => {
    const destination = await create(postgresBody('public.jobs'));
    const enabled = await api(`/v1/destinations/${destination.id}/enable`, { method: 'POST' });
    expect(enabled.status).to.equal(200);
    expect(enabled.body).to.include({ state: 'enabled', backfill_pending: true });
    expect(enabled.body).not.to.have.property('disabled_reason');
    expect(await delivery.deliver(destination.id)).to.equal(true);
    await expectEqualToCorpus('public.jobs');
    const first = await runs(destination.id);
    expect(first).to.have.length(1);
    expect(first[0]).to.include({ status: 'succeeded' });
    const corpusSize = (await openCorpus()).size;
    expect(first[0]?.destination_acknowledged).to.equal(corpusSize);

    // A modification and two closures through the crawl path.
    const leverPath = '/dst/v0/postings/dst-lever';
    fixtures.set(leverPath, {
      body: JSON.stringify(
        LEVER.slice(2).map((posting, i) =>
          i === 0 ? { ...posting, text: 'Renamed by the source' } : posting,
        ),
      ),
    });
    await crawlBoard(ingest, boardIds.get('lever') ?? '');
    await settle();
    expect(await delivery.deliver(destination.id)).to.equal(true);
    await expectEqualToCorpus('public.jobs');
    const rows = await customerRows('public.jobs');
    const ended = [...rows.values()].filter((row) => row.deleted);
    expect(ended).to.have.length(2);
    for (const row of ended) expect(row.job).to.have.property('status', 'closed');

    // Every run's acknowledgement counts match what the customer's database recorded.
    const recorded = await customer.client.query<{ run_id: string; rows: number }>(
      'SELECT run_id, sum(rows)::int AS rows FROM public.jobs_deliveries GROUP BY run_id',
    );
    const byRun = new Map(recorded.rows.map((row) => [row.run_id, row.rows]));
    for (const each of await runs(destination.id))
      expect(each.destination_acknowledged, each.id).to.equal(byRun.get(each.id) ?? 0);
    const state = (await api(`/v1/destinations/${destination.id}`)).body as Destination;
    expect(state.last_delivered_seq).to.equal(await latestSeq());
    expect(state).not.to.have.property('backfill_pending');

    // Caught up: another pass records no run and contacts nobody.
    const before = (await runs(destination.id)).length;
    await delivery.deliver(destination.id);
    expect(await runs(destination.id)).to.have.length(before);

    // Pointed at another table, the destination starts over with a backfill into it.
    const moved = await api(
      `/v1/destinations/${destination.id}`,
      patch({
        kind: 'postgres',
        config: { ...customer.settings, table: 'public.jobs_moved', sslmode: 'verify-full' },
      }),
    );
    expect(moved.status).to.equal(200);
    expect(moved.body).to.include({ backfill_pending: true });
    await delivery.deliver(destination.id);
    await expectEqualToCorpus('public.jobs_moved');
  });

  it('applies filters: only matching jobs, and a job that stops matching ends in the table', async () => {
    const destination = await create(postgresBody('lever_only', { filters: { source: ['lever'] } }));
    await api(`/v1/destinations/${destination.id}/enable`, { method: 'POST' });
    await delivery.deliver(destination.id);
    const lever = (job: StoredJob): boolean => job.source === 'lever';
    await expectEqualToCorpus('lever_only', lever);
    expect((await openCorpus(lever)).size).to.be.greaterThan(0);

    // A title filter; then a posting renamed by its source stops matching and ends in the table.
    const titled = await create(postgresBody('not_renamed', { filters: { title: '!renamed' } }));
    await api(`/v1/destinations/${titled.id}/enable`, { method: 'POST' });
    await delivery.deliver(titled.id);
    const notRenamed = (job: StoredJob): boolean => !job.title.toLowerCase().includes('renamed');
    await expectEqualToCorpus('not_renamed', notRenamed);
    const before = await customerRows('not_renamed');
    const current = LEVER.slice(2).map((posting, i) =>
      i <= 1 ? { ...posting, text: `Renamed by the source ${String(i)}` } : posting,
    );
    fixtures.set('/dst/v0/postings/dst-lever', { body: JSON.stringify(current) });
    await crawlBoard(ingest, boardIds.get('lever') ?? '');
    await settle();
    await delivery.deliver(titled.id);
    await expectEqualToCorpus('not_renamed', notRenamed);
    const after = await customerRows('not_renamed');
    const stopped = [...after].filter(
      ([jobKey, row]) => row.deleted && before.get(jobKey)?.deleted === false,
    );
    expect(stopped).to.have.length(1);
    await delivery.deliver(destination.id);
    await expectEqualToCorpus('lever_only', lever);
  });

  it('delivers signed webhook batches of the changes after enable; rotation signs with both secrets', async () => {
    const created = await create(
      jsonBody({ kind: 'webhook', name: 'receiver', config: { url: receiver.url } }),
    );
    const secret = created.signing_secret ?? '';
    const enabled = (await api(`/v1/destinations/${created.id}/enable`, { method: 'POST' }))
      .body as Destination;
    const from = enabled.last_delivered_seq ?? 0;
    receiver.received.length = 0;
    fixtures.set('/dst/v0/postings/dst-lever', { body: JSON.stringify(LEVER) });
    await crawlBoard(ingest, boardIds.get('lever') ?? '');
    await settle();
    const latest = await latestSeq();
    expect(latest).to.be.greaterThan(from);
    await delivery.deliver(created.id);
    const seqs = receiver.received.flatMap((request) => request.parsed.events.map((event) => event.seq));
    expect(seqs).to.deep.equal(Array.from({ length: latest - from }, (_, i) => from + i + 1));
    for (const request of receiver.received) {
      expect(receiver.verifies(request, secret)).to.equal(true);
      expect(request.headers['webhook-id']).to.equal(
        `msg_${created.id}_${request.parsed.from_seq}_${request.parsed.to_seq}`,
      );
    }
    const [only] = await runs(created.id);
    const delivered = receiver.received.filter((request) => request.parsed.run_id === only?.id);
    expect(only?.destination_acknowledged).to.equal(
      delivered.reduce((sum, request) => sum + request.parsed.events.length, 0),
    );
    expect(only?.source_acknowledged).to.equal(latest - from);

    const rotated = await api(
      `/v1/destinations/${created.id}`,
      patch({ kind: 'webhook', rotate_secret: true }),
    );
    expect(rotated.status).to.equal(200);
    const next = (rotated.body as Destination).signing_secret ?? '';
    expect(next)
      .to.match(/^whsec_/)
      .and.not.equal(secret);
    receiver.received.length = 0;
    fixtures.set('/dst/v0/postings/dst-lever', { body: JSON.stringify(LEVER.slice(1)) });
    await crawlBoard(ingest, boardIds.get('lever') ?? '');
    await settle();
    await delivery.deliver(created.id);
    expect(receiver.received).to.have.length.greaterThan(0);
    for (const request of receiver.received) {
      expect(request.headers['webhook-signature']?.split(' ')).to.have.length(2);
      for (const key of [secret, next]) expect(receiver.verifies(request, key)).to.equal(true);
    }
  });

  it('answers 409 destination_busy with Retry-After to update and delete during a run; soft delete afterwards', async () => {
    const destination = await create(postgresBody('jobs_busy'));
    const repository = new DestinationRepository(env.runtime.database.db);
    const held = await repository.withRunLock(destination.id, async () => {
      for (const init of [patch({ kind: 'postgres', name: 'renamed' }), { method: 'DELETE' }]) {
        const response = await api(`/v1/destinations/${destination.id}`, init);
        expect(response.status).to.equal(409);
        expect(response.body).to.include({ code: 'destination_busy' });
        expect(Number(response.headers.get('retry-after'))).to.be.greaterThan(0);
      }
    });
    expect(held).to.equal(true);
    const renamed = await api(
      `/v1/destinations/${destination.id}`,
      patch({ kind: 'postgres', name: 'renamed' }),
    );
    expect(renamed.status).to.equal(200);
    const wrongKind = await api(`/v1/destinations/${destination.id}`, patch({ kind: 'webhook', name: 'x' }));
    expect(wrongKind.status).to.equal(422);
    const deleted = await api(`/v1/destinations/${destination.id}`, { method: 'DELETE' });
    expect(deleted.status).to.equal(204);
    expect(deleted.body).to.equal('');
    expect((await api(`/v1/destinations/${destination.id}`)).status).to.equal(404);
    const row = await env.runtime.database.db.one<{ deleted: boolean; sealed: number }>(
      'SELECT deleted_at IS NOT NULL AS deleted, length(secret_sealed) AS sealed FROM destinations WHERE id = $1',
      [destination.id],
    );
    expect(row).to.deep.equal({ deleted: true, sealed: 0 });
  });

  it('fails runs with a redacted report and disables after 10 consecutive failures; enable clears the count', async () => {
    const destination = await create(
      jsonBody({
        kind: 'postgres',
        name: 'missing database',
        config: { ...customer.settings, database: `missing_${run}`, table: 'jobs', sslmode: 'require' },
      }),
    );
    await api(`/v1/destinations/${destination.id}/enable`, { method: 'POST' });
    for (let attempt = 0; attempt < 10; attempt += 1) await delivery.deliver(destination.id);
    const state = (await api(`/v1/destinations/${destination.id}`)).body as Destination;
    expect(state).to.include({
      state: 'disabled',
      disabled_reason: 'consecutive_failures',
      consecutive_failures: 10,
    });
    const failed = await runs(destination.id);
    expect(failed).to.have.length(10);
    for (const each of failed) {
      expect(each).to.include({ status: 'failed' });
      expect(each.report.error_class).to.equal('rejected');
      expect(each.report.message).to.be.a('string').and.not.include(customer.settings.password);
    }
    expect(logs.join('\n')).not.to.include(customer.settings.password);
    const enabled = (await api(`/v1/destinations/${destination.id}/enable`, { method: 'POST' }))
      .body as Destination;
    expect(enabled).to.include({ state: 'enabled', consecutive_failures: 0 });
    const disabled = (await api(`/v1/destinations/${destination.id}/disable`, { method: 'POST' }))
      .body as Destination;
    expect(disabled).to.include({ state: 'disabled', disabled_reason: 'user' });
  });

  it('bounds destinations per account at 10 (409 destination_limit_reached)', async () => {
    const other = await env.services.accounts.createActiveAccount({
      email: 'limit@example.com',
      plan: 'scale',
      isService: false,
    });
    const body = jsonBody({ kind: 'webhook', name: 'n', config: { url: receiver.url } });
    for (let i = 0; i < 10; i += 1)
      expect(
        (await call('/v1/destinations', withKey(other.key, { method: 'POST', ...body }), env.baseUrl)).status,
      ).to.equal(201);
    const over = await call('/v1/destinations', withKey(other.key, { method: 'POST', ...body }), env.baseUrl);
    expect(over.status).to.equal(409);
    expect(over.body).to.include({ code: 'destination_limit_reached', limit: 10 });
    const listed = await call('/v1/destinations', withKey(other.key), env.baseUrl);
    expect((listed.body as { data: unknown[] }).data).to.have.length(10);
  });

  it('refuses every loopback spelling at delivery for both kinds: canaries record 0 connections', async () => {
    // The API refuses blocked literals up front (422); these rows are made through the service with
    // the suite's loopback allow-list and delivered by a worker that has none, as production runs.
    const connections: string[] = [];
    const canaries = await Promise.all(
      ['127.0.0.1', '::1'].map(async (host) => {
        const server = createTcpServer((socket) => {
          connections.push(host);
          socket.destroy();
        });
        await new Promise<void>((resolve) => server.listen(0, host, resolve));
        return { server, port: (server.address() as AddressInfo).port };
      }),
    );
    const [v4, v6] = canaries.map((canary) => canary.port);
    const strict = new DeliveryService({
      db: env.runtime.database.db,
      config: { ...env.config.destinations, allowedCidrs: [] },
      userAgent: 'test',
      logger: createLogger('silent'),
    });
    const forms: [string, number | undefined][] = [
      ['127.0.0.1', v4],
      ['2130706433', v4],
      ['0x7f000001', v4],
      ['0177.0.0.1', v4],
      ['127.1', v4],
      ['0.0.0.0', v4],
      ['localhost', v4],
      ['::1', v6],
      ['::ffff:127.0.0.1', v4],
    ];
    const lenient = new DestinationService(env.runtime.database.db, {
      ...env.config.destinations,
      allowedCidrs: ['0.0.0.0/0', '::/0'],
    });
    try {
      for (const [host, port] of forms) {
        const url = `https://${host.includes(':') ? `[${host}]` : host}:${String(port)}/hook`;
        for (const config of [
          {
            kind: 'postgres' as const,
            ...customer.settings,
            host,
            port: port ?? 0,
            table: 'jobs',
            sslmode: 'require' as const,
          },
          { kind: 'webhook' as const, url },
        ]) {
          const { row } = await lenient.create(accountId, { name: host, config });
          await env.services.destinations.enable(accountId, row.id);
          // A webhook is called only with events to send: one event left behind its position.
          await env.runtime.database.db.none(
            'UPDATE destinations SET position = position - 1 WHERE id = $1',
            [row.id],
          );
          await strict.deliver(row.id);
          const [failed] = await env.services.destinations.runs(accountId, row.id, 1);
          expect(failed?.report.error_class, `${config.kind} ${host}`).to.equal('address_blocked');
          await env.services.destinations.delete(accountId, row.id);
        }
      }
    } finally {
      await strict.close();
      for (const canary of canaries) canary.server.close();
    }
    expect(connections).to.deep.equal([]);
  });

  async function latestSeq(): Promise<number> {
    const { seq } = await env.runtime.database.db.one<{ seq: number }>(
      'SELECT COALESCE(max(seq), 0)::int AS seq FROM change_events',
    );
    return seq;
  }
});
