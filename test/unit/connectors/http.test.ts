import { expect } from 'chai';
import {
  backoffMs,
  createHttpClient,
  retryAfterMs,
  type HttpClientOptions,
} from '../../../src/ingest/fetch/http.js';
import { TransientFetchError } from '../../../src/ingest/types.js';
import { cookiesSet } from '../../../src/ingest/connectors/common.js';

interface Call {
  url: string;
  init: RequestInit;
}

type Step = Response | Error;

/** A scripted fetch: each call consumes the next step (a response, or an error to throw). */
function scriptedFetch(steps: Step[]): { fetchImpl: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = (input, init = {}) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init });
    const step = steps.shift();
    if (step === undefined) return Promise.reject(new Error('fetch called more often than scripted'));
    return step instanceof Error ? Promise.reject(step) : Promise.resolve(step);
  };
  return { fetchImpl, calls };
}

function client(steps: Step[], options: Partial<HttpClientOptions> = {}) {
  const { fetchImpl, calls } = scriptedFetch(steps);
  const sleeps: number[] = [];
  const http = createHttpClient({
    timeoutMs: 1000,
    maxAttempts: 3,
    userAgent: 'jlds-test/1.0',
    baseDelayMs: 100,
    fetchImpl,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0.5,
    now: () => new Date('2026-01-01T00:00:00Z'),
    ...options,
  });
  return { http, calls, sleeps };
}

const URL_A = 'https://example.test/jobs';

describe('http client', () => {
  it('returns a 200 with lower-cased headers, the user agent and a deadline signal', async () => {
    const { http, calls, sleeps } = client([
      new Response('{"ok":true}', {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Thing': 'a' },
      }),
    ]);
    const response = await http.request(URL_A, { headers: { Accept: 'application/json' } });

    expect(response).to.deep.include({ status: 200, text: '{"ok":true}', url: URL_A });
    expect(response.headers).to.include({ 'content-type': 'application/json', 'x-thing': 'a' });
    expect(calls).to.have.length(1);
    expect(calls[0]?.init.headers).to.deep.equal({
      'user-agent': 'jlds-test/1.0',
      accept: 'application/json',
    });
    expect(calls[0]?.init.redirect).to.equal('follow');
    expect(calls[0]?.init.signal).to.be.instanceOf(AbortSignal);
    expect(sleeps).to.deep.equal([]);
  });

  it('keeps every Set-Cookie of a response, one a line, and cookiesSet makes the Cookie header of them', async () => {
    const headers = new Headers();
    headers.append('Set-Cookie', 'JSESSIONID=ABC123; Path=/phh04; Secure; HttpOnly');
    headers.append('Set-Cookie', 'AWSALB=xyz; Expires=Thu, 01 Jan 2027 00:00:00 GMT; Path=/');
    const { http } = client([new Response('<html></html>', { status: 200, headers })]);
    const response = await http.request(URL_A);
    expect(response.headers['set-cookie']).to.equal(
      'JSESSIONID=ABC123; Path=/phh04; Secure; HttpOnly\nAWSALB=xyz; Expires=Thu, 01 Jan 2027 00:00:00 GMT; Path=/',
    );
    expect(cookiesSet(response)).to.equal('JSESSIONID=ABC123; AWSALB=xyz');
    expect(cookiesSet({ ...response, headers: {} })).to.equal(undefined);
  });

  it('passes method and body, and asks for manual redirects when told not to follow them', async () => {
    const { http, calls } = client([
      new Response('', { status: 302, headers: { Location: 'https://breezy.hr/' } }),
    ]);
    const response = await http.request(URL_A, { method: 'POST', body: '{}', followRedirects: false });
    expect(response.status).to.equal(302);
    expect(response.headers.location).to.equal('https://breezy.hr/');
    expect(calls[0]?.init).to.deep.include({ method: 'POST', body: '{}', redirect: 'manual' });
  });

  it('returns 4xx other than 429 without retrying', async () => {
    const { http, calls } = client([new Response('nope', { status: 404 })]);
    expect((await http.request(URL_A)).status).to.equal(404);
    expect(calls).to.have.length(1);
  });

  it('retries 5xx and network errors with full-jitter exponential backoff', async () => {
    const { http, calls, sleeps } = client([
      new Response('', { status: 503 }),
      new TypeError('fetch failed'),
      new Response('done', { status: 200 }),
    ]);
    const response = await http.request(URL_A);
    expect(response.text).to.equal('done');
    expect(calls).to.have.length(3);
    // random 0.5 × 100 × 2^0, then × 2^1
    expect(sleeps).to.deep.equal([50, 100]);
  });

  it('honours Retry-After in seconds and as an HTTP date, capped at 60 s', async () => {
    const { http, sleeps } = client(
      [
        new Response('', { status: 429, headers: { 'Retry-After': '7' } }),
        new Response('', { status: 429, headers: { 'Retry-After': 'Thu, 01 Jan 2026 00:00:30 GMT' } }),
        new Response('', { status: 503, headers: { 'Retry-After': '3600' } }),
        new Response('ok', { status: 200 }),
      ],
      { maxAttempts: 4 },
    );
    await http.request(URL_A);
    expect(sleeps).to.deep.equal([7000, 30_000, 60_000]);
  });

  it('throws TransientFetchError after the last attempt, without sleeping after it', async () => {
    const { http, calls, sleeps } = client([
      new Response('', { status: 500 }),
      new Response('', { status: 502 }),
      new Response('', { status: 429 }),
    ]);
    const error = await http.request(URL_A).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TransientFetchError);
    expect(error).to.have.property('endpoint', URL_A);
    expect(error)
      .to.have.property('reason')
      .that.matches(/HTTP 429 after 3 attempt/);
    expect(calls).to.have.length(3);
    expect(sleeps).to.have.length(2);
  });

  it('treats a timeout as transient', async () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const { http } = client([timeout, timeout], { maxAttempts: 2 });
    const error = await http.request(URL_A).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TransientFetchError);
    expect(error)
      .to.have.property('reason')
      .that.matches(/timed out after 1000 ms/);
  });

  it('aborts a real request at the deadline', async () => {
    // A fetch that only settles when its signal fires: the deadline is what ends it.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          reject(init.signal?.reason instanceof Error ? init.signal.reason : new Error('aborted'));
        });
      });
    const http = createHttpClient({ timeoutMs: 20, maxAttempts: 1, userAgent: 'x', fetchImpl: hanging });
    const error = await http.request(URL_A).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TransientFetchError);
  });

  it('rejects a malformed URL at once', async () => {
    const { http, calls } = client([]);
    const error = await http.request('not a url').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TypeError);
    expect(calls).to.have.length(0);
  });

  it('computes backoff and Retry-After values', () => {
    expect(backoffMs(1, 500, () => 0.999)).to.equal(499);
    expect(backoffMs(10, 500, () => 0.999)).to.equal(29_970);
    expect(backoffMs(3, 500, () => 0)).to.equal(0);
    const now = new Date('2026-01-01T00:00:00Z');
    expect(retryAfterMs(undefined, now)).to.equal(undefined);
    expect(retryAfterMs('0', now)).to.equal(0);
    expect(retryAfterMs('120', now)).to.equal(60_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).to.equal(0);
    expect(retryAfterMs('soon', now)).to.equal(undefined);
    expect(retryAfterMs('-5', now)).to.equal(undefined);
  });
});
