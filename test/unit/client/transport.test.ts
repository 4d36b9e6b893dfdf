import { expect } from 'chai';
import { createTransport, type RetryEvent } from '../../../clients/typescript/src/index.js';
import { isRetryable, retryDelayMs } from '../../../clients/typescript/src/transport.js';

/** A fetch that answers from a script, one response per call, and records the calls. */
function scripted(responses: (() => Response)[]): {
  fetch: (request: Request) => Promise<Response>;
  calls: Request[];
} {
  const calls: Request[] = [];
  return {
    calls,
    fetch: (request) => {
      calls.push(request);
      const next = responses[calls.length - 1];
      if (next === undefined) throw new Error('unexpected request');
      return Promise.resolve(next());
    },
  };
}

const limited = (retryAfter?: string): Response =>
  new Response('{"code":"rate_limited"}', {
    status: 429,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  });
const ok = (): Response => new Response('{"data":[]}', { status: 200 });

describe('client: retries and deadlines', () => {
  const policy = { maxRetries: 3, maxDelayMs: 65_000, fallbackDelayMs: 1000 };

  it('retries 429 on any method, 503 only on reads', () => {
    expect(isRetryable(429, 'GET')).to.equal(true);
    expect(isRetryable(429, 'POST')).to.equal(true);
    expect(isRetryable(503, 'get')).to.equal(true);
    expect(isRetryable(503, 'POST')).to.equal(false);
    for (const status of [200, 400, 401, 409, 422, 500, 502])
      expect(isRetryable(status, 'GET')).to.equal(false);
  });

  it('waits what Retry-After says, doubles a fallback without it, and gives up past the bounds', () => {
    expect(retryDelayMs('7', 0, policy)).to.equal(7000);
    expect(retryDelayMs(null, 0, policy)).to.equal(1000);
    expect(retryDelayMs(null, 2, policy)).to.equal(4000);
    expect(retryDelayMs('7', 3, policy), 'retries used up').to.equal(undefined);
    expect(retryDelayMs('3600', 0, policy), 'longer than maxDelayMs').to.equal(undefined);
  });

  it('repeats a rate-limited request after Retry-After until it succeeds', async () => {
    const { fetch, calls } = scripted([() => limited('0'), () => limited('0'), ok]);
    const events: RetryEvent[] = [];
    const transport = createTransport({ fetch, onRetry: (event) => events.push(event) });
    const response = await transport(new Request('http://api.test/v1/jobs/search?q=x'));
    expect(response.status).to.equal(200);
    expect(calls).to.have.length(3);
    expect(calls.every((call) => call.url === 'http://api.test/v1/jobs/search?q=x')).to.equal(true);
    expect(events.map((event) => [event.attempt, event.status, event.delayMs])).to.deep.equal([
      [1, 429, 0],
      [2, 429, 0],
    ]);
  });

  it('returns the last 429 once the retries are used up (the helper then throws it typed)', async () => {
    const { fetch, calls } = scripted([() => limited('0'), () => limited('0'), () => limited('0')]);
    const response = await createTransport({ fetch, maxRetries: 2 })(
      new Request('http://api.test/v1/companies'),
    );
    expect(response.status).to.equal(429);
    expect(calls).to.have.length(3);
  });

  it('does not sleep through a Retry-After longer than maxDelayMs', async () => {
    const { fetch, calls } = scripted([() => limited('120')]);
    const started = Date.now();
    const response = await createTransport({ fetch, maxDelayMs: 1000 })(
      new Request('http://api.test/v1/companies'),
    );
    expect(response.status).to.equal(429);
    expect(calls).to.have.length(1);
    expect(Date.now() - started).to.be.lessThan(500);
  });

  it('resends the body of a retried POST', async () => {
    const { fetch, calls } = scripted([() => limited('0'), ok]);
    await createTransport({ fetch })(
      new Request('http://api.test/v1/jobs/search', { method: 'POST', body: '{"q":"x"}' }),
    );
    expect(await Promise.all(calls.map((call) => call.text()))).to.deep.equal(['{"q":"x"}', '{"q":"x"}']);
  });

  it('aborts an attempt at its deadline', async () => {
    const hanging = (request: Request): Promise<Response> =>
      new Promise((_, reject) => {
        request.signal.addEventListener('abort', () => {
          reject(request.signal.reason as Error);
        });
      });
    const started = Date.now();
    const failure = await createTransport({ fetch: hanging, timeoutMs: 50 })(
      new Request('http://api.test/healthz'),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(DOMException).and.have.property('name', 'TimeoutError');
    expect(Date.now() - started).to.be.lessThan(2000);
  });
});
