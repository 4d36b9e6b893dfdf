import { expect } from 'chai';
import { promises as dns } from 'node:dns';
import { once } from 'node:events';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import {
  AddressBlockedError,
  resolvePermitted,
  type HostLookup,
} from '../../src/destinations/address-guard.js';
import {
  createWebhookSender,
  generateSigningSecret,
  type WebhookMessage,
  type WebhookSender,
} from '../../src/destinations/webhook.js';
import { selfSignedCertificate } from '../support/tls.js';

/** A TCP listener that only counts who reached it: any count above 0 is an SSRF. */
interface Canary {
  server: Server;
  port: number;
  connections: number;
}

async function canary(host: string): Promise<Canary> {
  const sockets = new Set<Socket>();
  const state: Canary = { server: createTcpServer(), port: 0, connections: 0 };
  state.server.on('connection', (socket) => {
    state.connections++;
    sockets.add(socket);
    socket.destroy();
  });
  state.server.listen(0, host);
  await once(state.server, 'listening');
  state.port = (state.server.address() as AddressInfo).port;
  return state;
}

/** Names resolved by the sender in these tests; anything else goes to the system resolver. */
const injected: Record<string, string[]> = {
  'rebind.test': ['93.184.215.14', '127.0.0.1'],
  'rebind6.test': ['2606:4700::1111', '::1'],
};
const lookup: HostLookup = (host) => {
  const addresses = injected[host];
  if (addresses === undefined) return dns.lookup(host, { all: true, order: 'verbatim' });
  return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};

const message = (): WebhookMessage => ({
  id: `msg_${Math.random().toString(36).slice(2)}`,
  timestamp: new Date(),
  body: JSON.stringify({ type: 'job.modified', data: { job_key: 'lever:acme:42' } }),
});

describe('webhook destinations: SSRF guard and delivery', function () {
  this.timeout(30_000);
  let v4: Canary;
  let v6: Canary;
  let sender: WebhookSender;

  before(async () => {
    v4 = await canary('127.0.0.1');
    v6 = await canary('::1');
    sender = createWebhookSender({
      timeoutMs: 1_000,
      maxAttempts: 3,
      addressPolicy: { allowed: [] },
      userAgent: 'destinations-test',
      sleep: () => Promise.resolve(),
      lookup,
    });
  });
  after(async () => {
    await sender.close();
    v4.server.close();
    v6.server.close();
  });

  const forbiddenUrls = (): string[] => [
    `https://127.0.0.1:${v4.port}/`,
    `https://2130706433:${v4.port}/`,
    `https://0x7f000001:${v4.port}/`,
    `https://0177.0.0.1:${v4.port}/`,
    `https://127.1:${v4.port}/`,
    `https://[::1]:${v6.port}/`,
    `https://[::ffff:127.0.0.1]:${v4.port}/`,
    `https://[::ffff:7f00:1]:${v4.port}/`,
    `https://localhost:${v4.port}/`,
    `https://localhost:${v6.port}/`,
    `https://0.0.0.0:${v4.port}/`,
    `https://rebind.test:${v4.port}/`,
    `https://rebind6.test:${v6.port}/`,
  ];

  it('refuses every loopback spelling without opening a connection', async () => {
    for (const url of forbiddenUrls()) {
      const outcome = await sender.send(url, [generateSigningSecret()], message());
      expect(outcome, url).to.include({ ok: false, errorClass: 'address_blocked' });
      expect(outcome.attempts, url).to.be.at.most(1);
    }
    expect(v4.connections).to.equal(0);
    expect(v6.connections).to.equal(0);
  });

  it('resolvePermitted refuses the same hosts (what Postgres delivery connects to)', async () => {
    const hosts = [...forbiddenUrls().map((url) => new URL(url).hostname), '0177.0.0.1', '127.0.1', '::1'];
    for (const host of hosts) {
      const error = await resolvePermitted(host, { allowed: [] }, lookup).catch((thrown: unknown) => thrown);
      expect(error, host).to.be.instanceOf(AddressBlockedError);
    }
    expect(v4.connections + v6.connections).to.equal(0);
  });

  it('counts connections when the allow-list lets them through (the canaries work)', async () => {
    const allowing = createWebhookSender({
      timeoutMs: 1_000,
      maxAttempts: 1,
      addressPolicy: { allowed: ['127.0.0.0/8', '::1/128'] },
      userAgent: 'destinations-test',
    });
    try {
      for (const url of [`https://0x7f.1:${v4.port}/`, `https://[::1]:${v6.port}/`]) {
        const outcome = await allowing.send(url, [generateSigningSecret()], message());
        expect(outcome, url).to.include({ ok: false });
        expect(outcome.ok ? '' : outcome.errorClass, url).to.be.oneOf(['connect', 'tls']);
      }
      expect(v4.connections).to.equal(1);
      expect(v6.connections).to.equal(1);
    } finally {
      await allowing.close();
      v4.connections = 0;
      v6.connections = 0;
    }
  });

  it('refuses non-https URLs without connecting', async () => {
    const outcome = await sender.send(`http://127.0.0.1:${v4.port}/`, [generateSigningSecret()], message());
    expect(outcome).to.include({ ok: false, errorClass: 'rejected', attempts: 0 });
    expect(v4.connections).to.equal(0);
  });

  describe('against an allowed HTTPS receiver', () => {
    const secret = generateSigningSecret();
    const previous = generateSigningSecret();
    const seen: { path: string; verified: string[]; headers: IncomingMessage['headers'] }[] = [];
    let flaky = 0;
    let receiver: HttpsServer;
    let base = '';
    let trusting: WebhookSender;
    const delays: number[] = [];

    function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
      const path = request.url ?? '';
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      const verified = [secret, previous].flatMap((key) => {
        try {
          new Webhook(key).verify(body, headers);
          return [key];
        } catch {
          return [];
        }
      });
      seen.push({ path, verified, headers: request.headers });
      if (path === '/hang') return; // never answers
      if (path.startsWith('/redirect')) response.writeHead(302, { location: `${base}/target` }).end();
      else if (path === '/flaky' && flaky++ === 0)
        response.writeHead(503, { 'retry-after': '1' }).end('busy');
      else if (path.startsWith('/bad')) response.writeHead(400).end('{"error":"no such hook, secret=x"}');
      else response.writeHead(200).end('ok');
    }

    before(async () => {
      const { key, cert } = await selfSignedCertificate();
      receiver = createHttpsServer({ key, cert }, (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          answer(request, response, Buffer.concat(chunks).toString('utf8'));
        });
      });
      receiver.listen(0, '127.0.0.1');
      await once(receiver, 'listening');
      base = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      trusting = createWebhookSender({
        timeoutMs: 400,
        maxAttempts: 2,
        addressPolicy: { allowed: ['127.0.0.0/8', '::1/128'] },
        extraCaPem: cert,
        userAgent: 'destinations-test',
        sleep: (ms) => {
          delays.push(ms);
          return Promise.resolve();
        },
      });
    });
    after(async () => {
      await trusting.close();
      receiver.closeAllConnections();
      receiver.close();
    });
    beforeEach(() => {
      seen.length = 0;
      delays.length = 0;
    });

    it('delivers, and the receiver verifies every signature', async () => {
      const outcome = await trusting.send(`${base}/ok`, [secret, previous], message());
      expect(outcome).to.deep.equal({ ok: true, attempts: 1, status: 200 });
      expect(seen).to.have.length(1);
      expect(seen[0]?.verified).to.deep.equal([secret, previous]);
      expect(seen[0]?.headers).to.include({
        'content-type': 'application/json',
        'user-agent': 'destinations-test',
      });
    });

    it('does not follow a redirect', async () => {
      const outcome = await trusting.send(`${base}/redirect`, [secret], message());
      expect(outcome).to.include({ ok: false, errorClass: 'rejected', attempts: 1, httpStatus: 302 });
      expect(outcome.ok ? '' : outcome.message).to.not.include('/target');
      expect(seen.map((request) => request.path)).to.deep.equal(['/redirect']);
    });

    it('retries a 503 after its Retry-After', async () => {
      const outcome = await trusting.send(`${base}/flaky`, [secret], message());
      expect(outcome).to.deep.equal({ ok: true, attempts: 2, status: 200 });
      expect(delays).to.deep.equal([1_000]);
    });

    it('does not retry a 400, and keeps the query, secret and bodies out of the message', async () => {
      const sent = message();
      const outcome = await trusting.send(`${base}/bad?token=qu3ry-s3cret`, [secret, previous], sent);
      expect(outcome).to.include({ ok: false, errorClass: 'http_status', httpStatus: 400, attempts: 1 });
      expect(seen.map((request) => request.path)).to.deep.equal(['/bad?token=qu3ry-s3cret']);
      const text = outcome.ok ? '' : outcome.message;
      for (const leak of ['qu3ry', secret, previous, sent.body, 'no such hook', 'v1,']) {
        expect(text).to.not.include(leak);
      }
    });

    it('refuses credentials in the URL without connecting', async () => {
      const outcome = await trusting.send(base.replace('//', '//hook:pa55word@'), [secret], message());
      expect(outcome).to.include({ ok: false, errorClass: 'rejected', attempts: 0 });
      expect(outcome.ok ? '' : outcome.message).to.not.include('pa55word');
      expect(seen).to.have.length(0);
    });

    it('times out a receiver that never answers, after every attempt', async () => {
      const outcome = await trusting.send(`${base}/hang`, [secret], message());
      expect(outcome).to.include({ ok: false, errorClass: 'timeout', attempts: 2 });
      expect(seen.map((request) => request.path)).to.deep.equal(['/hang', '/hang']);
    });

    it('fails TLS against a receiver it does not trust', async () => {
      const untrusting = createWebhookSender({
        timeoutMs: 1_000,
        maxAttempts: 3,
        addressPolicy: { allowed: ['127.0.0.0/8'] },
        userAgent: 'destinations-test',
        sleep: () => Promise.resolve(),
      });
      try {
        const outcome = await untrusting.send(`${base}/ok`, [secret], message());
        expect(outcome).to.include({ ok: false, errorClass: 'tls', attempts: 1 });
        expect(seen).to.have.length(0);
      } finally {
        await untrusting.close();
      }
    });
  });
});
