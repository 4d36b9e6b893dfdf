/**
 * The listening side of migration 0010 (key_changes): one dedicated connection LISTENs on the
 * channel and drops the key cache on every notification for this schema. While that connection is
 * down the cache is off (every lookup goes to the database) and the connection is retried.
 */
import type { Logger } from '../lib/logger.js';
import type { Database } from './database.js';

export const KEY_CHANGES_CHANNEL = 'api_key_changes';
const RETRY_MS = 1000;

export interface KeyChangeListener {
  close(): Promise<void>;
}

/** Who is told of key and account changes, and whether the channel is up (an in-process key cache). */
export interface KeySubscriber {
  changed(): void;
  setLive(live: boolean): void;
}

type Connection = Awaited<ReturnType<Database['connect']>>;

export function listenForKeyChanges(
  db: Database,
  schema: string,
  cache: KeySubscriber,
  logger: Logger,
  retryMs = RETRY_MS,
): KeyChangeListener {
  let closed = false;
  let connection: Connection | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Warned since the channel was last up: a database that stays down is logged once, not per retry. */
  let warned = false;
  // One channel serves every schema on the server; the payload names the one that changed.
  const onNotification = (message: { payload?: string }): void => {
    if (message.payload === schema) cache.changed();
  };
  const retry = (): void => {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => {
      connecting = connect();
    }, retryMs);
    timer.unref();
  };
  const lost = (error: unknown): void => {
    connection = undefined;
    cache.setLive(false);
    if (!warned)
      logger.warn({ err: error }, 'key change notifications lost; authenticating against the database');
    warned = true;
    retry();
  };
  async function connect(): Promise<void> {
    timer = undefined;
    let next: Connection | undefined;
    try {
      next = await db.connect({ direct: true, onLost: lost });
      next.client.on('notification', onNotification);
      await next.none('LISTEN $1:name', [KEY_CHANGES_CHANNEL]);
    } catch (error) {
      await next?.done();
      lost(error);
      return;
    }
    if (closed) {
      await next.done();
      return;
    }
    connection = next;
    warned = false;
    // From here every change reaches the cache; what it held before is dropped by setLive.
    cache.setLive(true);
  }
  let connecting = connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      // A connection still being made closes itself once it sees `closed`.
      await connecting;
      cache.setLive(false);
      const open = connection;
      connection = undefined;
      await open?.done();
    },
  };
}
