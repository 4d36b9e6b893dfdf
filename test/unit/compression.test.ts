import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import Koa from 'koa';
import { COMPRESSION_THRESHOLD_BYTES, compression, isCompressible } from '../../src/http/compression.js';
import type { AppContext, AppState } from '../../src/http/state.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** One request whose body is read as sent (fetch would decode it). */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(response: Raw): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'gzip') return gunzipSync(response.bytes);
  if (coding === 'br') return brotliDecompressSync(response.bytes);
  if (coding === 'zstd') return zstdDecompressSync(response.bytes);
  if (coding === undefined) return response.bytes;
  throw new Error(`unexpected Content-Encoding ${coding}`);
}

const ITEMS = Array.from({ length: 200 }, (_, i) => ({
  job_key: `greenhouse__acme__${i}`,
  title: 'Engineer',
}));
const JSON_TEXT = JSON.stringify({ data: ITEMS });

/** Routes answering each kind of body the app sends. */
function routes(ctx: AppContext, failAfter: { rows: number; produced: number }): void {
  switch (ctx.path) {
    case '/object':
      ctx.body = { data: ITEMS };
      return;
    case '/created':
      ctx.status = 201;
      ctx.type = 'application/problem+json';
      ctx.body = { data: ITEMS };
      return;
    case '/string':
      ctx.type = 'application/json';
      ctx.body = JSON_TEXT;
      return;
    case '/buffer':
      ctx.type = 'application/json';
      ctx.body = Buffer.from(JSON_TEXT);
      return;
    case '/stream':
      ctx.type = 'application/x-ndjson';
      ctx.body = Readable.from(ITEMS.map((item) => `${JSON.stringify(item)}\n`));
      return;
    case '/csv':
      ctx.type = 'text/csv';
      ctx.body = Readable.from(ITEMS.map((item) => `${item.job_key},${item.title}\r\n`));
      return;
    case '/events':
      ctx.type = 'text/event-stream';
      ctx.body = `event: message\ndata: ${JSON_TEXT}\n\n`;
      return;
    case '/parquet':
      ctx.type = 'application/vnd.apache.parquet';
      ctx.body = Buffer.from(JSON_TEXT);
      return;
    case '/web-stream':
      ctx.type = 'application/json';
      ctx.body = new Blob([JSON_TEXT]).stream();
      return;
    case '/tagged':
      ctx.status = 200;
      ctx.type = 'application/json';
      ctx.etag = 'v1';
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }
      ctx.body = JSON_TEXT;
      return;
    case '/small':
      ctx.type = 'application/json';
      ctx.body = `"${'x'.repeat(Number(ctx.query.size) - 2)}"`;
      return;
    case '/failing':
      ctx.type = 'application/x-ndjson';
      ctx.body = Readable.from(
        (function* rows() {
          for (let row = 0; row < failAfter.rows; row += 1)
            yield `${JSON.stringify({ row, pad: 'y'.repeat(200) })}\n`;
          throw new Error('the read failed mid-part');
        })(),
      );
      return;
    case '/endless':
      // Incompressible rows until the client goes: how much was produced tells whether the
      // encoder buffers or follows the client's pace.
      ctx.type = 'application/x-ndjson';
      ctx.body = Readable.from(
        (function* rows() {
          for (;;) {
            const row = `${randomBytes(3000).toString('base64')}\n`;
            failAfter.produced += row.length;
            yield row;
          }
        })(),
      );
      return;
    default:
      ctx.status = 404;
  }
}

describe('compression (http/compression.ts)', () => {
  let server: Server;
  let base: string;
  const state = { rows: 2000, produced: 0 };

  before(async () => {
    const app = new Koa<AppState>();
    app.silent = true;
    app.use(compression());
    app.use((ctx) => {
      routes(ctx, state);
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('compresses text media and leaves event streams, Parquet and opaque bytes alone', () => {
    for (const type of [
      'application/json',
      'application/problem+json',
      'application/x-ndjson',
      'text/csv',
      'text/html',
      'text/plain',
      'application/xml',
      'image/svg+xml',
    ])
      expect(isCompressible(type), type).to.equal(true);
    for (const type of [
      'text/event-stream',
      'application/vnd.apache.parquet',
      'application/octet-stream',
      'image/png',
      'application/zip',
      '',
    ])
      expect(isCompressible(type), type).to.equal(false);
  });

  for (const path of ['/object', '/string', '/buffer', '/stream', '/csv']) {
    it(`encodes a ${path.slice(1)} body in each coding, decoding to the identity body`, async () => {
      const identity = await raw(base, path);
      expect(identity.headers['content-encoding']).to.equal(undefined);
      expect(identity.headers.vary).to.equal('Accept-Encoding');
      for (const coding of ['gzip', 'br', 'zstd']) {
        const encoded = await raw(base, path, { 'accept-encoding': coding });
        expect(encoded.status).to.equal(200);
        expect(encoded.headers['content-encoding'], coding).to.equal(coding);
        expect(encoded.headers.vary).to.equal('Accept-Encoding');
        expect(encoded.headers['content-type']).to.equal(identity.headers['content-type']);
        expect(encoded.bytes.length).to.be.lessThan(identity.bytes.length / 3);
        expect(decode(encoded).equals(identity.bytes), coding).to.equal(true);
      }
    });
  }

  it('keeps the status and media type of an object body, serialized once as Koa would', async () => {
    const identity = await raw(base, '/created');
    expect(identity.headers['content-type']).to.equal('application/problem+json');
    expect(identity.bytes.toString()).to.equal(JSON_TEXT);
    const response = await raw(base, '/created', { 'accept-encoding': 'gzip' });
    expect(response.status).to.equal(201);
    expect(response.headers['content-type']).to.equal('application/problem+json');
    expect(decode(response).toString()).to.equal(JSON_TEXT);
  });

  it('weakens a strong entity tag on an encoded body, and If-None-Match still answers 304', async () => {
    const identity = await raw(base, '/tagged');
    expect(identity.headers.etag).to.equal('"v1"');
    const encoded = await raw(base, '/tagged', { 'accept-encoding': 'zstd' });
    expect(encoded.headers['content-encoding']).to.equal('zstd');
    expect(encoded.headers.etag).to.equal('W/"v1"');
    const revalidated = await raw(base, '/tagged', { 'accept-encoding': 'zstd', 'if-none-match': 'W/"v1"' });
    expect(revalidated.status).to.equal(304);
    expect(revalidated.bytes.length).to.equal(0);
  });

  it('negotiates: preference zstd, br, gzip on equal weights; q-values; * is gzip; identity', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'zstd'],
      ['gzip, br', 'br'],
      ['gzip;q=1, zstd;q=0.5', 'gzip'],
      ['deflate', undefined],
      ['*', 'gzip'],
      ['identity', undefined],
      ['gzip;q=0', undefined],
      ['', undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await raw(base, '/buffer', accept === '' ? {} : { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).to.equal(expected);
    }
  });

  it(`leaves bodies under ${COMPRESSION_THRESHOLD_BYTES} bytes uncompressed`, async () => {
    const under = await raw(base, `/small?size=${COMPRESSION_THRESHOLD_BYTES - 1}`, {
      'accept-encoding': 'gzip',
    });
    expect(under.headers['content-encoding']).to.equal(undefined);
    expect(under.headers['content-length']).to.equal(String(COMPRESSION_THRESHOLD_BYTES - 1));
    const at = await raw(base, `/small?size=${COMPRESSION_THRESHOLD_BYTES}`, { 'accept-encoding': 'gzip' });
    expect(at.headers['content-encoding']).to.equal('gzip');
    expect(decode(at).length).to.equal(COMPRESSION_THRESHOLD_BYTES);
  });

  it('never encodes event streams, Parquet, HEAD answers or web streams', async () => {
    for (const path of ['/events', '/parquet', '/web-stream']) {
      const response = await raw(base, path, { 'accept-encoding': 'gzip, br, zstd' });
      expect(response.headers['content-encoding'], path).to.equal(undefined);
    }
    const web = await raw(base, '/web-stream', { 'accept-encoding': 'gzip' });
    expect(web.bytes.toString()).to.equal(JSON_TEXT);
    const head = await raw(base, '/buffer', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).to.equal(undefined);
    expect(head.headers.vary).to.equal('Accept-Encoding');
  });

  it('cuts the connection when a streamed body fails mid-way, encoded or not (never hangs)', async () => {
    for (const accept of ['identity', 'gzip', 'zstd']) {
      const outcome = await new Promise<string>((resolve) => {
        const req = request(`${base}/failing`, { headers: { 'accept-encoding': accept } }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            resolve('complete');
          });
          res.on('error', () => {
            resolve('aborted');
          });
        });
        req.on('error', () => {
          resolve('aborted');
        });
        req.setTimeout(5000, () => {
          resolve('hung');
          req.destroy();
        });
        req.end();
      });
      expect(outcome, accept).to.equal('aborted');
    }
  });

  it('streams at the client’s pace: a client that stops reading stops the producer', async () => {
    state.produced = 0;
    // Inside the unit suite's 5 s test timeout, with room for the first MiB.
    const WATCH_MS = 3000;
    const outcome = { stalled: false, produced: 0 };
    await new Promise<void>((resolve, reject) => {
      const req = request(`${base}/endless`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).to.equal('gzip');
        let received = 0;
        let paused = false;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 1024 * 1024 && !paused) {
            paused = true;
            res.pause();
            // Watch the producer while the pipeline's buffers fill: it must come to a stop (two
            // looks 100 ms apart see the same count) before the watch ends.
            const started = Date.now();
            let last = -1;
            const watch = setInterval(() => {
              const now = state.produced;
              const resting = now === last;
              last = now;
              if (!resting && Date.now() - started <= WATCH_MS) return;
              clearInterval(watch);
              outcome.stalled = resting;
              outcome.produced = now;
              req.destroy();
              resolve();
            }, 100);
          }
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ECONNRESET') reject(error);
      });
      req.end();
    });
    // Stopped: the producer came to rest once the buffers were full. Those buffers (both kernel
    // socket buffers on loopback, which autotune to several MiB under load, the encoder and the
    // readable) bound how far ahead of the 1 MiB received it got; an encoder that buffered instead
    // of following the client would produce ~100 MB/s for the whole watch.
    expect(outcome.stalled, 'the producer came to a stop within the watch').to.equal(true);
    expect(outcome.produced).to.be.lessThan(16 * 1024 * 1024);
  });
});
