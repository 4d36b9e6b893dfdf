import { expect } from 'chai';
import { Faker, base, en } from '@faker-js/faker';
import {
  listOperations,
  type JsonSchema,
  type Operation,
  type ParameterObject,
} from '../../src/openapi/document.js';
import { DocumentSchemas } from '../support/openapi-ajv.js';
import { seededRandom } from '../support/random.js';
import {
  describeRequest,
  RequestFuzzer,
  type FuzzContext,
  type FuzzRequest,
} from '../support/request-fuzzer.js';
import { SchemaSampler } from '../support/schema-sample.js';
import { buildSnapshot } from '../../src/datasets/snapshot.js';
import { activate, checkout, claim } from './billing-support.js';
import { ContractChecker, ContractViolation } from './contract.js';
import { testEnv, WEBHOOK_SECRETS } from './env.js';
import { call, jsonBody, withKey } from './http.js';
import { crawlFixture, crawlSampleBoards } from './indices.js';

/** A value the schema accepts (roughly), or one it must reject. */
function sample(faker: Faker, schema: JsonSchema, valid: boolean): string {
  const type = schema.type;
  const items = schema.items as JsonSchema | undefined;
  if (!valid) {
    return faker.helpers.arrayElement([
      '',
      ' ',
      '-1',
      '1e309',
      'NaN',
      'true',
      'null',
      '%00',
      '../../etc',
      'x'.repeat(3000),
      '😀',
      '[]',
      '{"a":1}',
      "' OR 1=1 --",
      '<script>',
      '2026-13-45T99:99:99Z',
      '0x10',
      ',,,',
      'a|b&!',
      '!!!',
      '&&&',
    ]);
  }
  if (Array.isArray(schema.enum)) return String(faker.helpers.arrayElement(schema.enum));
  if (type === 'array' && items !== undefined) {
    return Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () =>
      sample(faker, items, true),
    ).join(',');
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
    const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 10_000) : min + 1000;
    return String(faker.number.int({ min, max }));
  }
  if (type === 'boolean') return String(faker.datatype.boolean());
  if (schema.format === 'date-time') return faker.date.recent({ days: 400 }).toISOString();
  if (schema.format === 'date') return faker.date.recent({ days: 400 }).toISOString().slice(0, 10);
  if (schema.pattern === '^[A-Z]{2}$') return faker.location.countryCode('alpha-2');
  if (schema.pattern === '^[a-z]{2}$') return faker.helpers.arrayElement(['en', 'de', 'fr', 'ja']);
  if (schema.pattern === '^[A-Z]{3}$') return faker.finance.currencyCode();
  if (schema.format === 'hostname') return faker.internet.domainName();
  return faker.helpers.arrayElement([
    faker.word.words({ count: { min: 1, max: 3 } }),
    'engineer & !intern | qa',
    'c#',
    'München',
  ]);
}

function query(faker: Faker, parameters: ParameterObject[]): string {
  const parts: string[] = [];
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    if (!faker.datatype.boolean({ probability: 0.35 })) continue;
    const valid = faker.datatype.boolean({ probability: 0.8 });
    parts.push(
      `${encodeURIComponent(parameter.name)}=${encodeURIComponent(sample(faker, parameter.schema, valid))}`,
    );
  }
  if (faker.datatype.boolean({ probability: 0.1 })) parts.push(`${faker.word.noun()}=${faker.word.noun()}`);
  if (faker.datatype.boolean({ probability: 0.05 })) parts.push('limit=1&limit=2');
  return parts.join('&');
}

describe('fuzzing the implemented operations from their OpenAPI parameter schemas', function () {
  this.timeout(180_000);

  it('never answers 5xx; every 4xx is problem+json (422 with the validation body)', async () => {
    const env = testEnv();
    const key = (
      await env.services.accounts.createActiveAccount({
        email: 'fuzz@example.com',
        plan: 'scale',
        isService: false,
      })
    ).key;
    const faker = new Faker({ locale: [en, base] });
    faker.seed(424242);
    const operations: Operation[] = listOperations(env.document).filter(
      (o) => o.implemented && o.method === 'get',
    );
    const statuses = new Map<number, number>();
    for (let n = 0; n < 600; n += 1) {
      const operation = faker.helpers.arrayElement(operations);
      const path = operation.path.replace(/\{[^}]+\}/g, () =>
        encodeURIComponent(faker.helpers.arrayElement(['greenhouse_abc', 'x', '%2F', '😀', 'a'.repeat(300)])),
      );
      const q = query(faker, operation.parameters);
      const headers: Record<string, string> = faker.datatype.boolean({ probability: 0.6 })
        ? { 'X-API-Key': faker.datatype.boolean({ probability: 0.9 }) ? key : 'jls_live_bogus' }
        : {};
      const response = await call(`${path}${q === '' ? '' : `?${q}`}`, { headers });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, `${path}?${q}`).to.be.below(500);
      if (response.status >= 400) {
        expect(response.headers.get('content-type'), `${path}?${q}`).to.match(/^application\/problem\+json/);
        const body = response.body as { status: number; code: string; detail: unknown };
        expect(body.status).to.equal(response.status);
        if (response.status === 422) {
          expect(body.detail).to.be.an('array').that.is.not.empty;
          for (const item of body.detail as Record<string, unknown>[])
            expect(item).to.include.keys('loc', 'msg', 'type');
        }
      }
    }
    expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).to.be.greaterThan(50);
    expect(statuses.get(422) ?? 0, JSON.stringify([...statuses])).to.be.greaterThan(50);
  });
});

/*
 * Schema-driven fuzzing of every implemented operation (`x-implemented: true`), bodies included, in
 * both directions. Seeded and replayable: FUZZ_SEED (default below) seeds one generator per
 * operation and direction, FUZZ_OPERATION=<operationId> replays one operation alone, FUZZ_REQUESTS
 * sets the requests per operation and direction. Every failure names the seed and the request.
 * Every response also passes the contract check (contract.ts): a drift is a failure here too.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_601);
const PER_OPERATION = Number(process.env.FUZZ_REQUESTS ?? 30);
const ONLY = process.env.FUZZ_OPERATION;
/** Statuses that answer a valid request for a reason of state, not of shape — when documented. */
const SEMANTIC_4XX = new Set([400, 401, 402, 403, 404, 409, 410, 429]);

type Direction = 'valid' | 'invalid';

interface Outcome {
  status?: number;
  text?: string;
  failure?: string;
}

/** FNV-1a: one seed per operation and direction, so replaying one operation replays its requests. */
function seedOf(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join(':')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

class Harvest {
  private readonly values = new Map<string, Set<string>>();

  add(pool: string, value: string): void {
    const values = this.values.get(pool) ?? new Set<string>();
    if (values.size < 25) values.add(value);
    this.values.set(pool, values);
  }

  get(pool: string): string[] {
    return [...(this.values.get(pool) ?? [])];
  }

  /** Every pool whose name starts with `prefix`, merged. */
  matching(predicate: (pool: string) => boolean): string[] {
    return [...this.values].filter(([pool]) => predicate(pool)).flatMap(([, values]) => [...values]);
  }
}

interface Fuzz {
  baseUrl: string;
  operations: Operation[];
  fuzzer: RequestFuzzer;
  schemas: DocumentSchemas;
  context: FuzzContext;
  /** Back to the prepared account state between operations: only the fuzz key active. */
  reset(): Promise<void>;
}

/** Jobs of our own (three recorded boards) and a snapshot of them, so details and downloads can answer 200. */
async function seed(): Promise<void> {
  const env = testEnv();
  const { server, ingest } = await crawlFixture(`fuzz-setup-${SEED}@fuzz.test`);
  try {
    await crawlSampleBoards(server, ingest, 'fz');
  } finally {
    await ingest.close();
    await server.close();
  }
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const deps = {
    db: env.runtime.database.db,
    es: env.runtime.es,
    index: env.runtime.indices.alias,
    dir: env.config.datasetsDir,
    parquet: env.runtime.parquet,
  };
  // Snapshots are immutable: another test may have taken this date already, which serves as well.
  await buildSnapshot(deps, yesterday, 5).catch((error: unknown) => {
    if (!String(error).includes('immutable')) throw error;
  });
}

/**
 * A Scale account made through checkout (so the billing portal has a customer) and approved as a
 * service account (daily usage), and values harvested from its first answers: real job keys,
 * snapshot dates, key ids, cursors, claim tokens, signed dataset URLs.
 */
async function prepare(): Promise<Fuzz> {
  const env = testEnv();
  const operations = listOperations(env.document).filter(
    (operation) => operation.implemented && (ONLY === undefined || operation.operationId === ONLY),
  );
  const checker = new ContractChecker(env.document);
  const schemas = new DocumentSchemas(env.document);
  const harvest = new Harvest();
  await seed();
  const checkedOut = await checkout(`fuzz-${SEED}@fuzz.test`, 'scale');
  await activate(checkedOut, 'scale');
  const claimed = (await claim(checkedOut.claimToken)).body as { key: string; id: string };
  await env.runtime.database.db.none('UPDATE accounts SET is_service = true WHERE id = $1', [
    checkedOut.accountId,
  ]);
  const key = claimed.key;
  const protectedIds = new Set([claimed.id]);
  const pending = await call(
    '/v1/billing/checkout',
    jsonBody({ email: `fuzz-pending-${SEED}@fuzz.test`, plan: 'growth', return_url: 'https://fuzz.test/' }),
  );
  harvest.add('claim_token', (pending.body as { claim_token: string }).claim_token);

  const collect = (operationPath: string, operationId: string, value: unknown, member?: string): void => {
    if (typeof value === 'string' && member !== undefined) {
      if (member === 'next_cursor') harvest.add(`${operationId}:cursor`, value);
      else if (member === 'id') harvest.add(`id@${operationPath}`, value);
      else harvest.add(member, value);
      if (value.startsWith(env.baseUrl)) {
        const target = value.slice(env.baseUrl.length);
        const found = checker.documented('GET', target.split('?')[0] ?? '', 200).operation;
        harvest.add(`target:${found}`, target);
      }
      return;
    }
    if (Array.isArray(value)) for (const item of value) collect(operationPath, operationId, item, member);
    else if (typeof value === 'object' && value !== null)
      for (const [name, child] of Object.entries(value)) collect(operationPath, operationId, child, name);
  };
  const warm = async (
    operation: Operation,
    path: string,
    query = '',
    init: RequestInit = {},
  ): Promise<void> => {
    const response = await call(`${path}${query}`, withKey(key, init));
    if (response.status < 300 && typeof response.body === 'object')
      collect(operation.path, operation.operationId, response.body);
  };
  const all = listOperations(env.document).filter((operation) => operation.implemented);
  // Keys to revoke (never the fuzz key itself).
  for (let n = 0; n < 3; n += 1) {
    const create = all.find((operation) => operation.operationId === 'createAccountKey');
    if (create !== undefined) await warm(create, create.path, '', jsonBody({ label: `fuzz ${n}` }));
  }
  // Every list without path parameters, then every detail whose parameters the lists supplied.
  for (const operation of all.filter((o) => o.method === 'get' && !o.path.includes('{'))) {
    const limit = operation.parameters.some((p) => p.name === 'limit' && p.in === 'query') ? '?limit=5' : '';
    await warm(operation, operation.path, limit);
  }
  for (const operation of all.filter((o) => o.method === 'get' && o.path.includes('{'))) {
    const names = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    const values = names.map((name) => harvest.get(name)[0]);
    if (values.some((value) => value === undefined)) continue;
    const path = names.reduce(
      (filled, name, i) => filled.replace(`{${name}}`, encodeURIComponent(values[i] ?? '')),
      operation.path,
    );
    await warm(operation, path);
  }

  const stripe = env.runtime.stripe;
  const context: FuzzContext = {
    key,
    known(operation, name) {
      if (name === 'cursor') return harvest.get(`${operation.operationId}:cursor`);
      const byName = harvest.get(name);
      if (!name.endsWith('_id')) return byName;
      // `{x_id}` of /a/b/{x_id}: the `id` members answered under /a/b.
      const parent = operation.path.slice(0, operation.path.indexOf(`/{${name}}`));
      const ids = harvest.matching((pool) => pool.startsWith(`id@${parent}`));
      return [...byName, ...ids].filter((id) => !protectedIds.has(id));
    },
    targets: (operation) => harvest.get(`target:${operation.operationId}`),
    sign(_operation, name, body) {
      if (name !== 'Stripe-Signature' || stripe === undefined) return undefined;
      return stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRETS[0] });
    },
  };
  const reset = async (): Promise<void> => {
    const listed = await call('/v1/account/keys', withKey(key));
    const keys = (listed.body as { data: { id: string; status: string }[] }).data;
    for (const other of keys.filter((k) => k.status === 'active' && !protectedIds.has(k.id))) {
      await call(`/v1/account/keys/${other.id}`, withKey(key, { method: 'DELETE' }));
    }
  };
  return {
    baseUrl: env.baseUrl,
    operations,
    fuzzer: new RequestFuzzer(env.document, schemas),
    schemas,
    context,
    reset,
  };
}

async function send(baseUrl: string, request: FuzzRequest): Promise<Outcome> {
  try {
    const response = await fetch(
      `${baseUrl}${request.path}${request.query === '' ? '' : `?${request.query}`}`,
      {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: AbortSignal.timeout(30_000),
      },
    );
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (error instanceof ContractViolation) return { failure: error.message };
    return { failure: `the request failed: ${String(error)}` };
  }
}

/** Why an answer is wrong for a request of this direction, or undefined. */
function judge(fuzz: Fuzz, operation: Operation, direction: Direction, outcome: Outcome): string | undefined {
  if (outcome.failure !== undefined) return outcome.failure;
  const status = outcome.status ?? 0;
  if (status >= 500) return `answered ${status}`;
  if (direction === 'invalid')
    return status < 300 ? `answered ${status} to a request the schema rejects` : undefined;
  if (status < 300) return undefined;
  if (status === 422) {
    const explained = fuzz.fuzzer.explained422(operation);
    const detail = (JSON.parse(outcome.text ?? '{}') as { detail?: { type?: string }[] }).detail ?? [];
    const unexplained = detail.map((item) => item.type ?? '?').filter((type) => !explained.has(type));
    if (unexplained.length === 0) return undefined;
    return `answered 422 (${unexplained.join(', ')}) to a request the schema allows; explained here: ${[...explained].join(', ') || 'none'}`;
  }
  if (SEMANTIC_4XX.has(status) && fuzz.fuzzer.documentedStatuses(operation).has(status)) return undefined;
  return `answered ${status}, which is not a documented semantic answer of this operation`;
}

async function fuzzAll(fuzz: Fuzz, direction: Direction): Promise<void> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const unexercised: string[] = [];
  const perOperation = new Map<string, Map<number, number>>();
  for (const operation of fuzz.operations) {
    const random = seededRandom(seedOf(SEED, operation.operationId, direction));
    const sampler = new SchemaSampler(
      random,
      (schema) => fuzz.schemas.resolve(schema),
      (member) => fuzz.context.known(operation, member),
    );
    let sent = 0;
    for (let n = 0; n < PER_OPERATION; n += 1) {
      const request =
        direction === 'valid'
          ? fuzz.fuzzer.valid(operation, sampler, fuzz.context)
          : fuzz.fuzzer.invalid(operation, sampler, fuzz.context);
      if (request === undefined) continue;
      sent += 1;
      const outcome = await send(fuzz.baseUrl, request);
      if (outcome.status === 422 && process.env.FUZZ_VERBOSE !== undefined) {
        const detail = (JSON.parse(outcome.text ?? '{}') as { detail?: { type?: string }[] }).detail ?? [];
        process.stdout.write(
          `          422 ${operation.operationId}: ${detail.map((d) => d.type).join(',')}${request.broken === undefined ? '' : ` (${request.broken})`}\n`,
        );
      }
      if (outcome.status !== undefined) {
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        const mine = perOperation.get(operation.operationId) ?? new Map<number, number>();
        mine.set(outcome.status, (mine.get(outcome.status) ?? 0) + 1);
        perOperation.set(operation.operationId, mine);
      }
      const wrong = judge(fuzz, operation, direction, outcome);
      if (wrong === undefined) continue;
      const answer =
        outcome.text === undefined ? '' : `\n    → ${outcome.status ?? '?'} ${outcome.text.slice(0, 500)}`;
      failures.push(
        `FUZZ_SEED=${SEED} FUZZ_OPERATION=${operation.operationId} (${direction} request #${n}): ${wrong}\n    ${describeRequest(request)}${answer}`,
      );
    }
    await fuzz.reset();
    if (sent === 0) unexercised.push(operation.operationId);
    if (process.env.FUZZ_VERBOSE !== undefined) {
      const seen = [...(perOperation.get(operation.operationId) ?? [])].sort(([a], [b]) => a - b);
      process.stdout.write(
        `        ${operation.operationId}: ${seen.map(([s, c]) => `${s}×${c}`).join(' ')}\n`,
      );
    }
  }
  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  process.stdout.write(
    `      fuzz (FUZZ_SEED=${SEED}, ${direction}): ${total} requests over ${fuzz.operations.length} operations: ${summary.join(' ')}\n`,
  );
  expect(unexercised, `operations the fuzzer could not build a ${direction} request for`).to.deep.equal([]);
  if (failures.length > 0) {
    // The first two of each operation, so one noisy operation does not hide the others.
    const shown = new Map<string, string[]>();
    for (const failure of failures) {
      const operation = /FUZZ_OPERATION=(\S+)/.exec(failure)?.[1] ?? '';
      const list = shown.get(operation) ?? [];
      if (list.length < 2) list.push(failure);
      shown.set(operation, list);
    }
    const counts = [...shown.keys()].map(
      (operation) =>
        `${operation} ×${failures.filter((f) => f.includes(`FUZZ_OPERATION=${operation} `)).length}`,
    );
    throw new Error(
      `${failures.length} wrong answers (${counts.join(', ')}):\n${[...shown.values()].flat().join('\n')}`,
    );
  }
}

describe('fuzzing every implemented operation from its OpenAPI schemas, bodies included', function () {
  this.timeout(120_000);
  let fuzz: Fuzz;

  before(async () => {
    fuzz = await prepare();
  });

  it('answers a request the schema allows with 2xx or a documented semantic 4xx: never an unexplained 422, never 5xx', async () => {
    await fuzzAll(fuzz, 'valid');
  });

  it('never answers 2xx (nor 5xx) to a request the schema rejects: wrong type, out of range, too long, bad enum or format, unknown parameter, missing member', async () => {
    await fuzzAll(fuzz, 'invalid');
  });
});
