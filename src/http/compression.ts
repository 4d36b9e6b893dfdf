/**
 * Response compression at the HTTP edge: koa-compress over Node's zlib, negotiated by
 * `Accept-Encoding` among zstd, br and gzip (no deflate), every response `Vary: Accept-Encoding`.
 * No `Accept-Encoding` means identity; `*` means gzip. Bodies under the threshold, HEAD, 204/304,
 * bodies already encoded (the docs assets) and media that gain nothing or must not be buffered
 * (Parquet, octet-stream, `text/event-stream`) go out as they are. Streamed bodies (export parts, the
 * company catalog) stay streamed: the encoder is piped, so memory stays flat and backpressure holds.
 *
 * Levels and threshold were chosen with `npm run bench:compression` (figures in the constants' notes).
 */
import { Duplex, Readable, Stream, finished } from 'node:stream';
import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { Next } from 'koa';
import type { AppContext } from './state.js';

/** The encodings offered, best first when the client weighs them equally. */
export const ENCODINGS = ['zstd', 'br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * The best-compressing level of each coding (the cheaper of equals) that keeps a margin under the
 * issue's budget of 2 ms extra CPU per 100-job page, from `npm run bench:compression` on this 2-core
 * machine (a 285 KiB 100-job page: CPU in process / extra CPU served through Koa; ratio on the
 * 2.8 MB 1,000-job page): zstd 3 ≈ 0.7 / 0.8 ms, 14×; br 3 ≈ 1.1 / 1.4 ms, 14×; gzip 3 ≈ 1.1 /
 * 1.3 ms, 9.5×. The next levels (gzip 4 11×, br 4 17×, zstd 5 18×) cost 1.5–2.0 ms in process,
 * and gzip 4 and br 4 measured 1.8–2.3 ms served while other work shared the machine: no margin.
 * Brotli's own default, 11, costs ≈ 340 ms.
 */
export const COMPRESSION_LEVELS: Record<Encoding, number> = { zstd: 3, br: 3, gzip: 3 };

/**
 * Below 1 KiB a body and its headers fit one TCP segment either way, and compressing it saves at
 * most ~430 bytes for a fixed ~0.2–0.3 ms per response (the encoder's set-up; bench section 2).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text that compresses: every text/* but event streams, JSON (and +json), NDJSON, XML, YAML, JavaScript, SVG. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream$)[a-z0-9.+-]+|application\/(?:json|x-ndjson|[a-z0-9.-]+\+json|xml|[a-z0-9.-]+\+xml|yaml|javascript)|image\/svg\+xml)$/;

/**
 * Whether a response of media type `type` (without parameters, as Koa's `ctx.response.type` gives it)
 * is worth compressing. Parquet and octet-stream are already compressed or opaque; an event stream
 * must reach the client event by event, which a compressor's buffering would hold back.
 */
export function isCompressible(type: string): boolean {
  return COMPRESSIBLE.test(type.toLowerCase());
}

/** The compression middleware; sits outside the problem mapper so problem+json bodies are negotiated too. */
export function compression() {
  const middleware = compress({
    filter: isCompressible,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodingPreference: [...ENCODINGS],
    wildcardAcceptEncoding: 'gzip',
    zstd: { params: { [constants.ZSTD_c_compressionLevel]: COMPRESSION_LEVELS.zstd } },
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: COMPRESSION_LEVELS.br } },
    gzip: { level: COMPRESSION_LEVELS.gzip },
    deflate: false,
  });
  return async function compressResponse(ctx: AppContext, next: Next): Promise<void> {
    // What the handlers left, before koa-compress looks at it.
    const left: { body?: unknown; encoded: boolean } = { encoded: false };
    await middleware(ctx, async () => {
      await next();
      left.body = prepareBody(ctx);
      left.encoded = ctx.res.hasHeader('Content-Encoding');
    });
    if (left.encoded || !ctx.res.hasHeader('Content-Encoding')) return;
    weakenEntityTag(ctx);
    if (left.body instanceof Readable && ctx.body instanceof Duplex) relayFailure(left.body, ctx.body);
  };
}

/**
 * A strong entity tag names one byte sequence, and the encoded body is another (RFC 9110 §8.8.3):
 * weakened, it still answers If-None-Match (weak comparison) with a 304, whatever the coding.
 */
function weakenEntityTag(ctx: AppContext): void {
  const tag = ctx.res.getHeader('ETag');
  if (typeof tag === 'string' && tag.startsWith('"')) ctx.set('ETag', `W/${tag}`);
}

/**
 * Readies the body for koa-compress and returns it. A JSON object is serialized once here: Koa's
 * length (which the threshold reads) would serialize it a first time and koa-compress or Koa's
 * respond a second. koa-compress would serialize a web ReadableStream, Blob or Response as `{}`
 * (it treats any non-pipe object as JSON): those go out unencoded.
 */
function prepareBody(ctx: AppContext): unknown {
  const body: unknown = ctx.body;
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body) || body instanceof Stream)
    return body;
  if (body instanceof ReadableStream || body instanceof Blob || body instanceof Response) {
    ctx.compress = false;
    return body;
  }
  const text = JSON.stringify(body);
  ctx.body = text;
  return text;
}

/**
 * koa-compress pipes the body into the encoder with `pipe`, which forwards no failure, and Koa then
 * silences the replaced stream's errors: a part whose read failed mid-way would leave the response
 * open forever. Destroying the encoder with the failure ends the response as it ends uncompressed
 * (the connection is cut, so the client sees a truncated body, never a complete-looking one).
 */
function relayFailure(source: Readable, encoder: Duplex): void {
  finished(source, (error) => {
    if (error !== undefined && error !== null) encoder.destroy(error);
  });
}
