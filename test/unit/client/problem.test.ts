import { expect } from 'chai';
import {
  ChangeFeedExpiredError,
  isProblem,
  parseRetryAfter,
  ProblemError,
  problemFromResponse,
  readProblem,
} from '../../../clients/typescript/src/index.js';

const problemResponse = (status: number, body: string, headers: Record<string, string> = {}): Response =>
  new Response(body, { status, headers: { 'content-type': 'application/problem+json', ...headers } });

describe('client: Retry-After', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('reads delta-seconds, the form the API sends', () => {
    expect(parseRetryAfter('0', now)).to.equal(0);
    expect(parseRetryAfter('17', now)).to.equal(17);
    expect(parseRetryAfter(' 60 ', now)).to.equal(60);
  });

  it('reads an HTTP-date as the seconds until it, never negative', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).to.equal(30);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).to.equal(0);
  });

  it('gives undefined for an absent or unreadable value, not a guess', () => {
    expect(parseRetryAfter(null, now)).to.equal(undefined);
    expect(parseRetryAfter(undefined, now)).to.equal(undefined);
    for (const value of ['', '-3', '1.5', 'soon', '12 seconds'])
      expect(parseRetryAfter(value, now), value).to.equal(undefined);
  });
});

describe('client: problems', () => {
  it('types the members of a problem document and keeps extensions apart', () => {
    const body = {
      type: '/problems/plan-required',
      title: 'Plan does not include this feature',
      status: 403,
      detail: 'This operation needs the datasets entitlement (Scale plan).',
      instance: '/v1/datasets',
      code: 'plan_required',
      request_id: 'req-1',
      required_entitlement: 'datasets',
      upgrade_url: 'https://billing.example.com/p',
    };
    const error = problemFromResponse(problemResponse(403, ''), body);
    expect(error).to.be.instanceOf(ProblemError).and.instanceOf(Error);
    expect(error).to.include({
      status: 403,
      type: '/problems/plan-required',
      title: 'Plan does not include this feature',
      code: 'plan_required',
      detail: 'This operation needs the datasets entitlement (Scale plan).',
      instance: '/v1/datasets',
      requestId: 'req-1',
      retryAfterSeconds: undefined,
    });
    expect(error.extensions).to.deep.equal({
      required_entitlement: 'datasets',
      upgrade_url: 'https://billing.example.com/p',
    });
    expect(error.stringExtension('upgrade_url')).to.equal('https://billing.example.com/p');
    expect(error.numberExtension('upgrade_url')).to.equal(undefined);
    expect(error.message).to.equal(
      '403 plan_required: This operation needs the datasets entitlement (Scale plan).',
    );
    expect(isProblem(error, 'plan_required')).to.equal(true);
    expect(isProblem(error, 'rate_limited')).to.equal(false);
    expect(isProblem(new Error('x'))).to.equal(false);
  });

  it('reads the 422 detail as the array of validation items', async () => {
    const body = {
      type: '/problems/validation-error',
      title: 'Request validation failed',
      status: 422,
      code: 'validation_error',
      detail: [
        {
          loc: ['query', 'limit'],
          msg: 'Input should be less than or equal to 1000',
          type: 'less_than_equal',
          input: '5000',
          ctx: { le: 1000 },
        },
        { loc: ['query', 'country', 1], msg: 'pattern', type: 'string_pattern_mismatch', input: 'de' },
      ],
      instance: '/v1/jobs/search',
      request_id: 'req-2',
    };
    const error = await readProblem(problemResponse(422, JSON.stringify(body)));
    expect(error.code).to.equal('validation_error');
    expect(error.detail).to.equal(undefined);
    expect(error.validationErrors.map((item) => item.loc)).to.deep.equal([
      ['query', 'limit'],
      ['query', 'country', 1],
    ]);
    expect(error.validationErrors[0]?.ctx).to.deep.equal({ le: 1000 });
    expect(error.message).to.equal('422 validation_error: Request validation failed');
  });

  it('exposes Retry-After of a 429 and falls back to the X-Request-Id header', async () => {
    const body = {
      type: '/problems/rate-limited',
      title: 'Rate limit exceeded',
      status: 429,
      code: 'rate_limited',
    };
    const error = await readProblem(
      problemResponse(429, JSON.stringify(body), { 'retry-after': '42', 'x-request-id': 'hdr-1' }),
    );
    expect(error).to.include({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 42,
      requestId: 'hdr-1',
    });
  });

  it('gives 410 change_feed_expired its own class with both sequence numbers', () => {
    const error = problemFromResponse(problemResponse(410, ''), {
      type: '/problems/change-feed-expired',
      title: 'Change feed position expired',
      status: 410,
      code: 'change_feed_expired',
      request_id: 'r',
      oldest_seq: 120,
      latest_seq: 9000,
    });
    expect(error).to.be.instanceOf(ChangeFeedExpiredError);
    expect(error).to.include({ oldestSeq: 120, latestSeq: 9000, status: 410 });
  });

  it('still describes an answer whose body is no problem document (a proxy page, an empty body)', async () => {
    const html = await readProblem(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(html).to.include({ status: 502, type: 'about:blank', title: 'HTTP 502', code: undefined });
    expect(html.body).to.equal('<html>Bad gateway</html>');
    const empty = await readProblem(new Response(null, { status: 500 }));
    expect(empty).to.include({ status: 500, title: 'HTTP 500' });
    expect(empty.validationErrors).to.deep.equal([]);
  });
});
