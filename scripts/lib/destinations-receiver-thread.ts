/**
 * The webhook receiver of bench:destinations, on a worker thread of its own: parsing and verifying
 * half a megabyte of JSON per batch must not share the sender's event loop, or the bench would
 * measure the receiver as part of delivery. It tallies each batch it acknowledged — events,
 * bytes, whether the seq ranges follow one another, whether the signature verifies — and forgets
 * the batch (a 100k-event replay kept whole would be gigabytes).
 */
import { parentPort } from 'node:worker_threads';
import { startWebhookReceiver } from '../../test/support/webhook-receiver.js';
import type { ReceiverReply, ReceiverRequest, ReceiverTally } from './destinations-receiver.js';

const port = parentPort;
if (port === null) throw new Error('destinations-receiver-thread runs as a worker thread');

const receiver = await startWebhookReceiver();
let secret = '';
let tally = emptyTally();

function emptyTally(): ReceiverTally {
  return { batches: 0, events: 0, bytes: 0, firstFrom: null, lastTo: null, gaps: 0, unverified: 0 };
}

function drain(): void {
  for (const batch of receiver.received) {
    const { from_seq: from, to_seq: to, events } = batch.parsed;
    if (tally.lastTo !== null && from !== tally.lastTo) tally.gaps += 1;
    tally.firstFrom ??= from;
    tally.lastTo = to;
    tally.batches += 1;
    tally.events += events.length;
    tally.bytes += Buffer.byteLength(batch.body);
    if (!receiver.verifies(batch, secret)) tally.unverified += 1;
  }
  receiver.received.length = 0;
}

const timer = setInterval(drain, 10);

function reply(message: ReceiverReply): void {
  port?.postMessage(message);
}

port.on('message', (message: ReceiverRequest) => {
  drain();
  if (message.type === 'expect') {
    secret = message.secret;
    tally = emptyTally();
    reply({ type: 'ok' });
  } else if (message.type === 'tally') {
    reply({ type: 'tally', tally: { ...tally } });
  } else {
    clearInterval(timer);
    void receiver.close().then(() => {
      reply({ type: 'ok' });
    });
  }
});

reply({ type: 'ready', url: receiver.url, certificate: receiver.certificate });
