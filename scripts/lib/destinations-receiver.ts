/**
 * bench:destinations' side of its webhook receiver (test/support/webhook-receiver.ts), which runs
 * on a worker thread (destinations-receiver-thread.ts says why). Requests are answered in order.
 */
import { Worker } from 'node:worker_threads';

/** What the receiver acknowledged since the last `expect`. */
export interface ReceiverTally {
  batches: number;
  events: number;
  /** Request bodies, bytes. */
  bytes: number;
  firstFrom: number | null;
  lastTo: number | null;
  /** Batches whose from_seq was not the previous batch's to_seq. */
  gaps: number;
  /** Batches whose Standard Webhooks signature did not verify with the expected secret. */
  unverified: number;
}

export type ReceiverRequest = { type: 'expect'; secret: string } | { type: 'tally' } | { type: 'close' };
export type ReceiverReply =
  | { type: 'ready'; url: string; certificate: string }
  | { type: 'ok' }
  | { type: 'tally'; tally: ReceiverTally };

export interface ReceiverThread {
  /** `https://localhost:<port>/hook` */
  url: string;
  /** The receiver's self-signed certificate, to trust (DESTINATION_EXTRA_CA_FILE). */
  certificate: string;
  /** Starts a new tally; signatures are checked against `secret` from now on. */
  expect(secret: string): Promise<void>;
  tally(): Promise<ReceiverTally>;
  close(): Promise<void>;
}

export async function startReceiverThread(): Promise<ReceiverThread> {
  const worker = new Worker(new URL('./destinations-receiver-thread.ts', import.meta.url));
  const waiting: { resolve: (reply: ReceiverReply) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | undefined;
  worker.on('message', (reply: ReceiverReply) => {
    waiting.shift()?.resolve(reply);
  });
  worker.on('error', (error: Error) => {
    failure = error;
    for (const waiter of waiting.splice(0)) waiter.reject(error);
  });
  const next = (): Promise<ReceiverReply> =>
    new Promise((resolve, reject) => {
      if (failure === undefined) waiting.push({ resolve, reject });
      else reject(failure);
    });
  const ask = async (request: ReceiverRequest): Promise<ReceiverReply> => {
    const reply = next();
    worker.postMessage(request);
    return reply;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`receiver thread answered ${ready.type} at start`);
  let closed = false;
  return {
    url: ready.url,
    certificate: ready.certificate,
    async expect(secret) {
      await ask({ type: 'expect', secret });
    },
    async tally() {
      const reply = await ask({ type: 'tally' });
      if (reply.type !== 'tally') throw new Error(`receiver thread answered ${reply.type} to tally`);
      return reply.tally;
    },
    async close() {
      if (closed) return;
      closed = true;
      await ask({ type: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
