/**
 * A local HTTPS webhook receiver for destination tests and benches: records every delivery it
 * acknowledges (headers, raw body, parsed batch), answers with a settable status, and can verify
 * Standard Webhooks signatures. Served with the self-signed certificate of test/support/tls.ts.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { selfSignedCertificate } from './tls.js';

export interface ReceivedBatch {
  headers: Record<string, string>;
  body: string;
  parsed: {
    destination_id: string;
    run_id: string;
    from_seq: number;
    to_seq: number;
    events: { seq: number; type: string; job_key: string; job?: Record<string, unknown> }[];
  };
  /** performance.now() when the request ended. */
  at: number;
}

export interface WebhookReceiver {
  /** `https://localhost:<port>/hook` */
  url: string;
  /** The receiver's certificate, to trust (DESTINATION_EXTRA_CA_FILE). */
  certificate: string;
  /** Deliveries answered 2xx, in arrival order. */
  received: ReceivedBatch[];
  /** The status the next requests get (200 by default). */
  status: number;
  /** Whether a delivery's signature verifies with `secret`. */
  verifies(batch: ReceivedBatch, secret: string): boolean;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const { key, cert } = await selfSignedCertificate();
  const received: ReceivedBatch[] = [];
  const state = { status: 200 };
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      if (state.status >= 200 && state.status < 300)
        received.push({
          headers,
          body,
          parsed: JSON.parse(body) as ReceivedBatch['parsed'],
          at: performance.now(),
        });
      response.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/hook`,
    certificate: cert,
    received,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    verifies(batch, secret) {
      try {
        new Webhook(secret).verify(batch.body, batch.headers);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
