/**
 * The developer's stack: one persistent instance under the cache directory, its state in
 * .stack/dev.json. Operator scripts run against it when ELASTICSEARCH_URL / DATABASE_URL are unset.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installEmbeddingModel } from './model.js';
import {
  cacheDir,
  isAlive,
  readState,
  releaseStarted,
  startStack,
  stopStack,
  writeState,
  type StackState,
} from './stack.js';

const STATE_DIR = '.stack';
const STATE_FILE = join(STATE_DIR, 'dev.json');
const SECRETS_FILE = join(STATE_DIR, 'secrets.json');

/**
 * The running dev stack, or a new one recorded in .stack/dev.json; `started` says which.
 * `stopWithParent`: a new one stops when this process dies (npm start, which stops it on exit
 * anyway); otherwise it outlives its command, as `npm run stack:up`'s does.
 */
export async function ensureDevStack(
  options: { stopWithParent?: boolean } = {},
): Promise<{ state: StackState; started: boolean }> {
  const existing = await readState(STATE_FILE);
  const running =
    existing !== undefined &&
    existing.elasticsearch !== undefined &&
    existing.postgres !== undefined &&
    existing.stripeMock !== undefined &&
    isAlive(existing.elasticsearch.pid) &&
    isAlive(existing.postgres.pid) &&
    isAlive(existing.stripeMock.pid);
  if (running) return { state: existing, started: false };
  if (existing !== undefined) await stopStack(existing);
  const state = await startStack({
    dir: join(cacheDir(), 'dev'),
    esHeapMb: 1024,
    ephemeral: false,
    startElasticsearch: true,
    startPostgres: true,
    startStripeMock: true,
    stopWithParent: options.stopWithParent ?? false,
  });
  await mkdir(STATE_DIR, { recursive: true });
  await writeState(STATE_FILE, state);
  return { state, started: true };
}

/** The dev stack, started if it is not running; it outlives this process. */
export async function devStackUp(): Promise<StackState> {
  const { state } = await ensureDevStack();
  releaseStarted();
  return state;
}

export async function devStackDown(): Promise<void> {
  const state = await readState(STATE_FILE);
  if (state === undefined) return;
  await stopStack(state);
  await writeFile(STATE_FILE, '{}\n');
}

/** Billing against the local stripe-mock: test-mode key and price ids of its own (stripe-mock accepts any). */
export function stripeMockEnv(url: string): Record<string, string> {
  return {
    STRIPE_API_URL: url,
    STRIPE_SECRET_KEY: 'sk_test_localstripemock0123',
    STRIPE_PRICE_STARTER: 'price_local_starter',
    STRIPE_PRICE_GROWTH: 'price_local_growth',
    STRIPE_PRICE_SCALE: 'price_local_scale',
  };
}

/** Development secrets, generated once per checkout (never used outside the local stack). */
async function devSecrets(): Promise<Record<string, string>> {
  const stored = existsSync(SECRETS_FILE)
    ? (JSON.parse(await readFile(SECRETS_FILE, 'utf8')) as Record<string, string>)
    : {};
  // Secrets added by later versions are generated into an existing file; present ones never change.
  const secrets = {
    API_KEY_PEPPER: randomBytes(32).toString('hex'),
    CURSOR_SECRET: randomBytes(32).toString('hex'),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    ...stored,
  };
  if (Object.keys(secrets).length !== Object.keys(stored).length) {
    await mkdir(STATE_DIR, { recursive: true });
    await writeFile(SECRETS_FILE, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

/** Environment for the service against the dev stack; explicit variables win. */
export async function devEnv(state?: StackState): Promise<NodeJS.ProcessEnv> {
  const current = state ?? (await readState(STATE_FILE));
  const defaults: Record<string, string> = { ...(await devSecrets()) };
  if (current?.elasticsearch !== undefined) defaults.ELASTICSEARCH_URL = current.elasticsearch.url;
  if (current?.postgres !== undefined) {
    defaults.DATABASE_URL = current.postgres.url;
    defaults.DESTINATION_EXTRA_CA_FILE = current.postgres.caFile;
  }
  if (current?.stripeMock !== undefined) Object.assign(defaults, stripeMockEnv(current.stripeMock.url));
  defaults.EMBEDDING_MODEL_DIR = await installEmbeddingModel();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(defaults)) {
    if (env[name] === undefined || env[name] === '') env[name] = value;
  }
  return env;
}
