/**
 * The local stack: a real Elasticsearch (integ-test zip from Maven Central, checksum pinned) and a
 * real Postgres cluster (Debian's postgresql, installed if missing), both bound to 127.0.0.1 on free
 * ports and run as an unprivileged user when we are root (ES and Postgres both refuse root).
 * Everything started here is stopped by stopStack(); state lives in one JSON file per instance.
 *
 * The servers run in sessions of their own (a terminal's Ctrl-C must not reach Postgres mid-write,
 * and the dev stack of `npm run stack:up` outlives its command), so a command whose stack must not
 * outlive it stops them itself: onStopSignals() + stopStarted(), with `stopWithParent` as the net
 * for when it is killed outright.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, openSync, readdirSync } from 'node:fs';
import { chmod, chown, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { constants as osConstants, homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const ES_VERSION = '8.19.21';
/** Stripe's official API mock (a Go module), for billing tests and the local stack. */
const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock';
const STRIPE_MOCK_VERSION = 'v0.203.0';
const ES_ARTIFACT = `org.elasticsearch.distribution.integ-test-zip:elasticsearch:${ES_VERSION}:zip`;
const ES_ZIP_SHA256 = '215d5f3dbf0609a149f6218a9e47b6ae2df34ebbff3c5754e35f15a5e5393c8a';
const SERVICE_USER = 'jlds';
const IS_ROOT = process.getuid?.() === 0;

export function log(message: string): void {
  process.stderr.write(`[stack] ${message}\n`);
}

/** Shared cache for downloads; world-readable when root so the service user can run from it. */
export function cacheDir(): string {
  if (process.env.JLDS_CACHE_DIR !== undefined && process.env.JLDS_CACHE_DIR !== '')
    return process.env.JLDS_CACHE_DIR;
  return IS_ROOT
    ? '/var/cache/job-listings-data-service'
    : join(homedir(), '.cache', 'job-listings-data-service');
}

export interface StackState {
  dir: string;
  elasticsearch?: { url: string; pid: number; port: number };
  /** `caFile`: the self-signed certificate the server presents for TLS (localhost, 127.0.0.1). */
  postgres?: { url: string; pid: number; port: number; caFile: string };
  stripeMock?: { url: string; pid: number; port: number };
}

export interface StackOptions {
  /** Instance directory (data, logs, config). Must be traversable by the service user. */
  dir: string;
  esHeapMb: number;
  /** Skip durability for throw-away test clusters. */
  ephemeral: boolean;
  startElasticsearch: boolean;
  startPostgres: boolean;
  startStripeMock: boolean;
  /**
   * The servers get a parent-death signal (setpriv --pdeathsig; the one stopStack() sends), so they
   * stop even when this process is killed outright (SIGKILL, a crash, tsx's relay giving up). For
   * stacks that must not outlive their command (`npm start`, `npm test`); not for `stack:up`'s.
   */
  stopWithParent?: boolean;
}

function run(command: string, args: string[], options: { cwd?: string } = {}): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

let ids: { uid: number; gid: number } | undefined;

/** uid/gid the servers run as: ours, or the unprivileged service user (created once) when root. */
function serviceIds(): { uid: number; gid: number } {
  ids ??= resolveServiceIds();
  return ids;
}

function resolveServiceIds(): { uid: number; gid: number } {
  if (!IS_ROOT) return { uid: userInfo().uid, gid: userInfo().gid };
  if (spawnSync('id', ['-u', SERVICE_USER], { stdio: 'ignore' }).status !== 0) {
    log(`creating unprivileged user ${SERVICE_USER}`);
    run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVICE_USER]);
  }
  return {
    uid: Number(run('id', ['-u', SERVICE_USER]).trim()),
    gid: Number(run('id', ['-g', SERVICE_USER]).trim()),
  };
}

/** A directory owned by the service user (created if missing). */
async function ownedDir(path: string): Promise<string> {
  await mkdir(path, { recursive: true });
  const { uid, gid } = serviceIds();
  await chown(path, uid, gid);
  return path;
}

/** A server this process started and has not stopped: what stopStarted() stops. */
interface Started {
  name: string;
  /** The signal that stops it cleanly (Postgres: SIGINT, its fast shutdown). */
  signal: NodeJS.Signals;
}
const started = new Map<number, Started>();
/** Set by stopStarted(): a start-up still under way must not spawn anything after it. */
let closing = false;

let setprivFound: boolean | undefined;
function hasSetpriv(): boolean {
  setprivFound ??= commandExists('setpriv');
  return setprivFound;
}

/**
 * `setpriv --pdeathsig` in front of a command: the kernel sends it `signal` when this process dies,
 * however it dies. Empty where setpriv is missing (then only a live parent stops it).
 */
export function parentDeathSignalArgv(signal: NodeJS.Signals): string[] {
  return hasSetpriv() ? ['setpriv', `--pdeathsig=${signal}`] : [];
}

/** Spawns a long-running server as the service user in its own process group, output to a log file. */
function spawnServer(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  options: { signal?: NodeJS.Signals; stopWithParent?: boolean } = {},
): number {
  if (closing) throw new Error(`not starting ${name}: the stack is being stopped`);
  const signal = options.signal ?? 'SIGTERM';
  const out = openSync(logFile, 'a');
  const setpriv = [
    ...(IS_ROOT ? [`--reuid=${SERVICE_USER}`, `--regid=${SERVICE_USER}`, '--init-groups'] : []),
    ...(options.stopWithParent === true && (IS_ROOT || hasSetpriv()) ? [`--pdeathsig=${signal}`] : []),
  ];
  const argv = setpriv.length > 0 ? ['setpriv', ...setpriv, command, ...args] : [command, ...args];
  const [executable, ...rest] = argv;
  if (executable === undefined) throw new Error('empty command');
  const child = spawn(executable, rest, { env, detached: true, stdio: ['ignore', out, out] });
  child.unref();
  closeSync(out);
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  started.set(child.pid, { name, signal });
  return child.pid;
}

/**
 * Stops every server this process started and has not stopped yet, including those of a start-up
 * still waiting for them, and refuses to start more: what a command runs on Ctrl-C.
 */
export async function stopStarted(): Promise<void> {
  closing = true;
  await Promise.all(
    [...started].map(async ([pid, { name, signal }]) => {
      await stopProcess(name, pid, signal);
    }),
  );
}

/** The servers started so far outlive this process (the dev stack, recorded in .stack/dev.json). */
export function releaseStarted(): void {
  started.clear();
}

const SIGNAL_NUMBERS = osConstants.signals as Record<string, number>;

/**
 * Calls `stop` once, on the first SIGINT, SIGTERM or SIGHUP, with the exit code that signal means
 * (130, 143, 129); later ones are ignored while it runs. A terminal's Ctrl-C reaches every process
 * of its foreground group at once, and tsx's CLI relays it to its child again whenever the child's
 * acknowledgement misses a 30 ms window (a busy or descheduled event loop), so a second signal is
 * the rule: with `once` handlers it ends the cleanup (tsx's preflight exits on a signal nobody
 * listens to). tsx SIGKILLs a child that misses the second window too: `stopWithParent` covers that.
 * A closed terminal sends SIGHUP, after which a log line must not crash the cleanup (EIO on the
 * terminal; EPIPE when piped into a reader that is gone).
 */
export function onStopSignals(stop: (signal: NodeJS.Signals, code: number) => void): void {
  let received: NodeJS.Signals | undefined;
  const handle = (signal: NodeJS.Signals): void => {
    if (received !== undefined) return;
    received = signal;
    for (const stream of [process.stdout, process.stderr])
      stream.on('error', () => {
        // The terminal or the reader is gone: nothing to report to.
      });
    stop(signal, 128 + (SIGNAL_NUMBERS[signal] ?? 0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, handle);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function delay(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `ready` until it answers true; fails early when the process died, or after the deadline. */
async function waitFor(
  what: string,
  pid: number,
  deadlineMs: number,
  ready: () => Promise<boolean>,
  logFile: string,
): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (await ready().catch(() => false)) return;
    if (!isAlive(pid)) {
      const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
      throw new Error(`${what} exited during start-up; last log lines:\n${tail}`);
    }
    await delay(250);
  }
  throw new Error(`${what} was not ready within ${deadlineMs / 1000} s (log: ${logFile})`);
}

/** Whether any process of the group `pgid` is left (a server's children: ES runs its JVM as one). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM: there is a process, of another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    try {
      process.kill(pgid, signal);
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * Stops a process group: `signal`, then SIGKILL if anything of it is left after the grace period;
 * returns once the whole group is gone.
 */
export async function stopProcess(
  name: string,
  pid: number,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 30_000,
): Promise<void> {
  if (groupAlive(pid)) {
    log(`stopping ${name} (pid ${pid})`);
    signalGroup(pid, signal);
    const until = Date.now() + graceMs;
    while (groupAlive(pid) && Date.now() < until) await delay(100);
    if (groupAlive(pid)) {
      log(`${name} ignored ${signal} for ${graceMs / 1000} s; killing`);
      signalGroup(pid, 'SIGKILL');
      const killed = Date.now() + 10_000;
      while (groupAlive(pid) && Date.now() < killed) await delay(100);
    }
  }
  started.delete(pid);
}

// ---------------------------------------------------------------- Elasticsearch

/** SHA-256 of a file, streamed (downloads are large). */
export async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Fetches one artifact (`group:artifact:version[:type]`) from Maven Central into the local Maven
 * repository and returns the file's path (`relativePath` inside the repository). Maven only
 * downloads what it does not have yet.
 */
export function fetchFromMavenCentral(artifact: string, relativePath: string, what: string): string {
  if (!commandExists('mvn')) throw new Error(`Maven (mvn) is needed to fetch ${what} from Maven Central`);
  log(`fetching ${artifact} (${what}) from Maven Central`);
  const m2 = process.env.MAVEN_REPO ?? join(homedir(), '.m2', 'repository');
  run('mvn', [
    '-q',
    '-B',
    'dependency:get',
    `-Dartifact=${artifact}`,
    '-Dtransitive=false',
    `-Dmaven.repo.local=${m2}`,
  ]);
  return join(m2, relativePath);
}

/** Fetches the pinned ES zip with Maven (once), verifies its SHA-256, unpacks it into the cache. */
export async function installElasticsearch(): Promise<string> {
  const home = join(cacheDir(), `elasticsearch-${ES_VERSION}`);
  if (existsSync(join(home, 'bin', 'elasticsearch'))) return home;
  const zip = fetchFromMavenCentral(
    ES_ARTIFACT,
    `org/elasticsearch/distribution/integ-test-zip/elasticsearch/${ES_VERSION}/elasticsearch-${ES_VERSION}.zip`,
    'Elasticsearch',
  );
  const digest = await sha256(zip);
  if (digest !== ES_ZIP_SHA256) throw new Error(`Checksum mismatch for ${zip}: ${digest}`);
  const staging = `${home}.partial`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  if (commandExists('unzip')) run('unzip', ['-q', zip, '-d', staging]);
  else run('python3', ['-m', 'zipfile', '-e', zip, staging]);
  run('mv', [join(staging, `elasticsearch-${ES_VERSION}`), home]);
  await rm(staging, { recursive: true, force: true });
  // Only the ES home: instance data (e.g. Postgres' 0700 data directory) must keep its own modes.
  run('chmod', ['a+rx', cacheDir()]);
  run('chmod', ['-R', 'a+rX', home]);
  for (const file of readdirSync(join(home, 'bin'))) await chmod(join(home, 'bin', file), 0o755);
  log(`Elasticsearch ${ES_VERSION} installed in ${home}`);
  return home;
}

/** ES 8.19 runs on JDK 17–24; prefer ES_JAVA_HOME, then a JDK 21 or 17 under /usr/lib/jvm. */
function findJavaHome(): string {
  const explicit = process.env.ES_JAVA_HOME;
  if (explicit !== undefined && explicit !== '') return explicit;
  const jvmDir = '/usr/lib/jvm';
  const candidates = existsSync(jvmDir) ? readdirSync(jvmDir) : [];
  for (const version of ['21', '17']) {
    const match = candidates.find(
      (name) =>
        new RegExp(`(^|-)${version}(-|\\.|$)`).test(name) && existsSync(join(jvmDir, name, 'bin', 'java')),
    );
    if (match !== undefined) return join(jvmDir, match);
  }
  throw new Error('No JDK 17 or 21 found under /usr/lib/jvm; set ES_JAVA_HOME');
}

/** One Elasticsearch node: where it lives, its ports, and how it finds its cluster. */
export interface EsNodeSpec {
  name: string;
  /** The node's directory (config, data, logs); its data survives a restart. */
  dir: string;
  httpPort: number;
  transportPort: number;
  heapMb: number;
  /** Absent: a single-node cluster. */
  cluster?: {
    name: string;
    /** `node.roles` (e.g. master, data, ingest; data and ingest alone: never the elected master). */
    roles: string[];
    /** Transport ports of the nodes to discover on 127.0.0.1. */
    seedPorts: number[];
    /** Master-eligible node names that bootstrap the cluster the first time. */
    initialMasters: string[];
  };
  stopWithParent: boolean;
}

export interface EsNode {
  url: string;
  pid: number;
  port: number;
}

/**
 * Starts (or restarts, on the same directory and ports) one node and waits until it answers with a
 * cluster behind it (health yellow: an elected master and this node's view of it).
 */
export async function startElasticsearchNode(spec: EsNodeSpec): Promise<EsNode> {
  const home = await installElasticsearch();
  const base = await ownedDir(spec.dir);
  const config = await ownedDir(join(base, 'config'));
  for (const file of ['jvm.options', 'log4j2.properties'])
    await copyFile(join(home, 'config', file), join(config, file));
  const discovery =
    spec.cluster === undefined
      ? ['cluster.name: jlds', 'discovery.type: single-node']
      : [
          `cluster.name: ${spec.cluster.name}`,
          `node.roles: [${spec.cluster.roles.join(', ')}]`,
          `discovery.seed_hosts: [${spec.cluster.seedPorts.map((port) => `"127.0.0.1:${port}"`).join(', ')}]`,
          `cluster.initial_master_nodes: [${spec.cluster.initialMasters.join(', ')}]`,
        ];
  await writeFile(
    join(config, 'elasticsearch.yml'),
    [
      ...discovery,
      `node.name: ${spec.name}`,
      `path.data: ${await ownedDir(join(base, 'data'))}`,
      `path.logs: ${await ownedDir(join(base, 'logs'))}`,
      'network.host: 127.0.0.1',
      `http.port: ${spec.httpPort}`,
      `transport.port: ${spec.transportPort}`,
      'xpack.security.enabled: false',
      'cluster.routing.allocation.disk.threshold_enabled: false',
      'action.destructive_requires_name: false',
      '',
    ].join('\n'),
  );
  run('chown', ['-R', `${serviceIds().uid}:${serviceIds().gid}`, config]);
  const logFile = join(base, 'stdout.log');
  const env = {
    ...process.env,
    ES_JAVA_HOME: findJavaHome(),
    ES_PATH_CONF: config,
    ES_TMPDIR: await ownedDir(join(base, 'tmp')),
    ES_JAVA_OPTS: `-Xms${spec.heapMb}m -Xmx${spec.heapMb}m -XX:-HeapDumpOnOutOfMemoryError`,
  };
  log(`starting Elasticsearch ${ES_VERSION} (${spec.name}) on 127.0.0.1:${spec.httpPort}`);
  const pid = spawnServer(
    `Elasticsearch ${spec.name}`,
    join(home, 'bin', 'elasticsearch'),
    [],
    env,
    logFile,
    {
      stopWithParent: spec.stopWithParent,
    },
  );
  const url = `http://127.0.0.1:${spec.httpPort}`;
  await waitFor(
    `Elasticsearch ${spec.name}`,
    pid,
    180_000,
    async () => {
      const response = await fetch(`${url}/_cluster/health?wait_for_status=yellow&timeout=1s`, {
        signal: AbortSignal.timeout(3000),
      });
      return response.ok;
    },
    logFile,
  );
  return { url, pid, port: spec.httpPort };
}

async function startElasticsearch(options: StackOptions): Promise<NonNullable<StackState['elasticsearch']>> {
  return startElasticsearchNode({
    name: 'jlds-node',
    dir: join(options.dir, 'elasticsearch'),
    httpPort: await freePort(),
    transportPort: await freePort(),
    heapMb: options.esHeapMb,
    stopWithParent: options.stopWithParent ?? false,
  });
}

export interface EsCluster {
  /** Every node's URL, comma-separated: an ELASTICSEARCH_URL. */
  url: string;
  nodes: (EsNode & { spec: EsNodeSpec })[];
}

/**
 * A cluster of `size` nodes on 127.0.0.1 in `dir`: the first one master-eligible and holding data,
 * the others data nodes only, so any node but the first can stop while the cluster keeps its master.
 * (A production cluster has three master-eligible nodes: a quorum survives the loss of any one; two
 * cannot, and one keeps the test's stops deterministic.) Resolves once all have joined.
 */
export async function startElasticsearchCluster(options: {
  dir: string;
  size: number;
  heapMb: number;
  stopWithParent: boolean;
}): Promise<EsCluster> {
  await ownedDir(options.dir);
  const name = `jlds-cluster-${process.pid}`;
  const ports: { http: number; transport: number }[] = [];
  for (let i = 0; i < options.size; i += 1)
    ports.push({ http: await freePort(), transport: await freePort() });
  const specs = ports.map((port, i): EsNodeSpec => ({
    name: `node-${i}`,
    dir: join(options.dir, `node-${i}`),
    httpPort: port.http,
    transportPort: port.transport,
    heapMb: options.heapMb,
    cluster: {
      name,
      roles: i === 0 ? ['master', 'data', 'ingest'] : ['data', 'ingest'],
      seedPorts: ports.map((p) => p.transport),
      initialMasters: ['node-0'],
    },
    stopWithParent: options.stopWithParent,
  }));
  const before = new Set(started.keys());
  try {
    const nodes = await Promise.all(
      specs.map(async (spec) => ({ ...(await startElasticsearchNode(spec)), spec })),
    );
    const first = nodes[0];
    if (first === undefined) throw new Error('a cluster needs at least one node');
    const health = await fetch(`${first.url}/_cluster/health?wait_for_nodes=${options.size}&timeout=60s`, {
      signal: AbortSignal.timeout(65_000),
    });
    const body = (await health.json()) as { number_of_nodes?: number };
    if (body.number_of_nodes !== options.size)
      throw new Error(`the cluster has ${body.number_of_nodes ?? 0} of ${options.size} nodes after 60 s`);
    return { url: nodes.map((node) => node.url).join(','), nodes };
  } catch (error) {
    // Whatever started, ready or not, stops: Promise.all rejects while other nodes still start.
    await Promise.all(
      [...started]
        .filter(([pid]) => !before.has(pid))
        .map(([pid, { name: what, signal }]) => stopProcess(what, pid, signal)),
    );
    throw error;
  }
}

// ---------------------------------------------------------------- Postgres

/** The newest Postgres server binaries on the machine, installing Debian's package if there are none. */
export function findPostgresBin(): string {
  const explicit = process.env.PG_BIN_DIR;
  if (explicit !== undefined && explicit !== '') return explicit;
  const find = (): string | undefined => {
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return undefined;
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
  };
  const found = find();
  if (found !== undefined) return found;
  if (!IS_ROOT)
    throw new Error(
      'Postgres server binaries not found; install postgresql or set PG_BIN_DIR or DATABASE_URL',
    );
  log("installing Debian's postgresql package");
  run('apt-get', ['update', '-q']);
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'postgresql'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = find();
  if (installed === undefined) throw new Error('postgresql was installed but no initdb was found');
  return installed;
}

async function startPostgres(options: StackOptions): Promise<NonNullable<StackState['postgres']>> {
  const bin = findPostgresBin();
  const base = await ownedDir(join(options.dir, 'postgres'));
  const data = join(base, 'data');
  const socketDir = await ownedDir(join(base, 'socket'));
  const logFile = join(base, 'postgres.log');
  if (!existsSync(join(data, 'PG_VERSION'))) {
    await ownedDir(data);
    const initArgs = ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'];
    if (options.ephemeral) initArgs.push('--no-sync');
    const argv = IS_ROOT
      ? [
          'setpriv',
          `--reuid=${SERVICE_USER}`,
          `--regid=${SERVICE_USER}`,
          '--init-groups',
          join(bin, 'initdb'),
          ...initArgs,
        ]
      : [join(bin, 'initdb'), ...initArgs];
    const [command, ...args] = argv;
    if (command === undefined) throw new Error('empty command');
    run(command, [...args, '--no-instructions'], { cwd: base });
  }
  await chmod(data, 0o700);
  const tls = await serverCertificate(base);
  const port = await freePort();
  const settings = [
    'listen_addresses=127.0.0.1',
    `port=${port}`,
    `unix_socket_directories=${socketDir}`,
    'max_connections=200',
    // TLS, as destinations always connect with it (the test suite delivers into this server).
    'ssl=on',
    `ssl_cert_file=${tls.cert}`,
    `ssl_key_file=${tls.key}`,
  ];
  if (options.ephemeral) settings.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off');
  log(`starting Postgres (${bin}) on 127.0.0.1:${port}`);
  // SIGINT is Postgres' "fast shutdown": roll back open transactions and exit cleanly.
  const pid = spawnServer(
    'Postgres',
    join(bin, 'postgres'),
    ['-D', data, ...settings.flatMap((s) => ['-c', s])],
    process.env,
    logFile,
    { signal: 'SIGINT', stopWithParent: options.stopWithParent ?? false },
  );
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitFor(
    'Postgres',
    pid,
    60_000,
    async () => {
      const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
      await client.connect();
      await client.end();
      return true;
    },
    logFile,
  );
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'jobs'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE jobs');
  await client.end();
  return { url: `postgres://postgres@127.0.0.1:${port}/jobs`, pid, port, caFile: tls.cert };
}

/**
 * A self-signed certificate for localhost and 127.0.0.1 (openssl), made once per data directory; the
 * key is the server user's and private, as Postgres requires.
 */
async function serverCertificate(base: string): Promise<{ cert: string; key: string }> {
  const dir = await ownedDir(join(base, 'tls'));
  const cert = join(dir, 'server.crt');
  const key = join(dir, 'server.key');
  if (!existsSync(cert) || !existsSync(key)) {
    run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '3650',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    const { uid, gid } = serviceIds();
    await chown(key, uid, gid);
    await chown(cert, uid, gid);
    await chmod(key, 0o600);
    await chmod(cert, 0o644);
  }
  return { cert, key };
}

// ---------------------------------------------------------------- stripe-mock

/** Builds the pinned stripe-mock with the Go toolchain (module proxy) once into the cache. */
export function installStripeMock(): string {
  const dir = join(cacheDir(), `stripe-mock-${STRIPE_MOCK_VERSION}`);
  const binary = join(dir, 'stripe-mock');
  if (existsSync(binary)) return binary;
  if (!commandExists('go')) throw new Error('Go is needed to build stripe-mock (go install)');
  log(`building ${STRIPE_MOCK_MODULE}@${STRIPE_MOCK_VERSION} with go install`);
  execFileSync('go', ['install', `${STRIPE_MOCK_MODULE}@${STRIPE_MOCK_VERSION}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GOBIN: dir, CGO_ENABLED: '0' },
  });
  run('chmod', ['a+rx', cacheDir(), dir, binary]);
  return binary;
}

async function startStripeMock(options: StackOptions): Promise<NonNullable<StackState['stripeMock']>> {
  const binary = installStripeMock();
  const base = await ownedDir(join(options.dir, 'stripe-mock'));
  // stripe-mock also serves HTTPS (default :12112) unless told where: give it a free port too,
  // so several stacks (dev and test) can run at once.
  const [port, httpsPort] = [await freePort(), await freePort()];
  const logFile = join(base, 'stripe-mock.log');
  log(`starting stripe-mock ${STRIPE_MOCK_VERSION} on 127.0.0.1:${port}`);
  const pid = spawnServer(
    'stripe-mock',
    binary,
    ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${httpsPort}`],
    process.env,
    logFile,
    { stopWithParent: options.stopWithParent ?? false },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'stripe-mock',
    pid,
    30_000,
    async () => {
      const response = await fetch(`${url}/v1/customers?limit=1`, {
        headers: { Authorization: 'Bearer sk_test_stack' },
        signal: AbortSignal.timeout(2000),
      });
      return response.ok;
    },
    logFile,
  );
  return { url, pid, port };
}

// ---------------------------------------------------------------- stack

/** Starts what is asked for in parallel; on failure stops whatever did start, ready or not. */
export async function startStack(options: StackOptions): Promise<StackState> {
  const before = new Set(started.keys());
  await ownedDir(options.dir);
  const state: StackState = { dir: options.dir };
  const [es, pgResult, stripe] = await Promise.allSettled([
    options.startElasticsearch ? startElasticsearch(options) : Promise.resolve(undefined),
    options.startPostgres ? startPostgres(options) : Promise.resolve(undefined),
    options.startStripeMock ? startStripeMock(options) : Promise.resolve(undefined),
  ]);
  if (es.status === 'fulfilled' && es.value !== undefined) state.elasticsearch = es.value;
  if (pgResult.status === 'fulfilled' && pgResult.value !== undefined) state.postgres = pgResult.value;
  if (stripe.status === 'fulfilled' && stripe.value !== undefined) state.stripeMock = stripe.value;
  const failure = [es, pgResult, stripe].find((result) => result.status === 'rejected');
  if (failure !== undefined) {
    await Promise.all(
      [...started]
        .filter(([pid]) => !before.has(pid))
        .map(([pid, { name, signal }]) => stopProcess(name, pid, signal)),
    );
    throw failure.reason;
  }
  return state;
}

export async function stopStack(state: StackState): Promise<void> {
  await Promise.all([
    state.elasticsearch === undefined ? undefined : stopProcess('Elasticsearch', state.elasticsearch.pid),
    // SIGINT is Postgres' "fast shutdown": roll back open transactions and exit cleanly.
    state.postgres === undefined ? undefined : stopProcess('Postgres', state.postgres.pid, 'SIGINT'),
    state.stripeMock === undefined ? undefined : stopProcess('stripe-mock', state.stripeMock.pid),
  ]);
}

export async function writeState(file: string, state: StackState): Promise<void> {
  await writeFile(file, `${JSON.stringify(state, null, 2)}\n`);
}

export async function readState(file: string): Promise<StackState | undefined> {
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as StackState;
}

export { isAlive };
