/**
 * The contract checker itself (contract.ts), on hand-made responses: it must name each kind of drift
 * it exists to catch, and accept what the document says.
 */
import { expect } from 'chai';
import { ContractChecker, type Exchange } from './contract.js';
import { testEnv } from './env.js';

const REQUEST_ID = '3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11';

function exchange(
  method: string,
  path: string,
  status: number,
  headers: Record<string, string>,
  body?: unknown,
): Exchange {
  return {
    method,
    path,
    status,
    headers: new Headers(headers),
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

const rateLimited = { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '59', 'X-RateLimit-Reset': '30' };
const success = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Request-Id': REQUEST_ID,
  'X-Service-Schema-Version': '1.0.0',
  ...rateLimited,
};
const problem = (status: number, code: string, instance: string): Record<string, unknown> => ({
  type: `/problems/${code.replaceAll('_', '-')}`,
  title: 'Title',
  status,
  detail: 'Detail',
  instance,
  code,
  request_id: REQUEST_ID,
});
const problemHeaders = { 'Content-Type': 'application/problem+json', 'X-Request-Id': REQUEST_ID };

describe('the contract checker', () => {
  let checker: ContractChecker;

  before(() => {
    checker = new ContractChecker(testEnv().document);
  });

  it('accepts documented responses, including the 404 and 405 of the document-wide rules', () => {
    const health = {
      status: 'ok',
      version: '1.0.0',
      checks: { elasticsearch: { status: 'up' }, postgres: { status: 'up' } },
    };
    const ok = checker.check(exchange('GET', '/healthz', 200, success, health));
    expect(ok).to.deep.equal({ operation: 'getHealth', violations: [] });
    const unknown = checker.check(
      exchange('GET', '/v1/nothing', 404, problemHeaders, problem(404, 'not_found', '/v1/nothing')),
    );
    expect(unknown.violations).to.deep.equal([]);
    const wrongMethod = checker.check(
      exchange(
        'DELETE',
        '/v1/jobs/search',
        405,
        { ...problemHeaders, Allow: 'GET, POST' },
        problem(405, 'method_not_allowed', '/v1/jobs/search'),
      ),
    );
    expect(wrongMethod.violations).to.deep.equal([]);
    // An export streams: its body is not read, its content type is checked.
    const exported = checker.check({
      method: 'GET',
      path: '/v1/jobs/export',
      status: 200,
      headers: new Headers({
        ...success,
        'Content-Type': 'application/x-ndjson',
        'Content-Disposition': 'attachment; filename="jobs-1.ndjson"',
        'X-Export-Part': '1',
        'X-Export-Part-Count': '1',
      }),
      body: undefined,
    });
    expect(exported).to.deep.equal({ operation: 'exportJobs', violations: [] });
  });

  it('names an undocumented status, a missing or malformed header, a foreign content type and a body off its schema', () => {
    const teapot = checker.check(
      exchange('GET', '/healthz', 418, problemHeaders, problem(418, 'teapot', '/healthz')),
    );
    expect(teapot.violations.join()).to.match(/status 418 is not documented/);

    const { 'X-Service-Schema-Version': _version, ...withoutVersion } = success;
    const headers = checker.check(
      exchange('GET', '/v1/account/usage', 200, { ...withoutVersion, 'X-RateLimit-Reset': '3600' }, {}),
    );
    expect(headers.operation).to.equal('getAccountUsage');
    expect(headers.violations.join('\n')).to.match(/required header X-Service-Schema-Version is missing/);
    expect(headers.violations.join('\n')).to.match(/header X-RateLimit-Reset: "3600" .*maximum/);
    expect(headers.violations.join('\n')).to.match(/body: .*required/);

    const html = checker.check(
      exchange('GET', '/healthz', 200, { ...success, 'Content-Type': 'text/html' }, {}),
    );
    expect(html.violations.join()).to.match(/Content-Type text\/html is not documented/);

    const unauthorized = checker.check(
      exchange('GET', '/v1/feed/changes', 401, problemHeaders, {
        ...problem(401, 'api_key_required', '/v1/feed/changes'),
        request_id: 'another',
      }),
    );
    expect(unauthorized.violations.join('\n')).to.match(/required header WWW-Authenticate is missing/);
    expect(unauthorized.violations.join('\n')).to.match(/request_id another differs from X-Request-Id/);

    const tooMany = checker.check(
      exchange(
        'GET',
        '/v1/feed/changes',
        429,
        { ...problemHeaders, ...rateLimited },
        problem(429, 'rate_limited', '/v1/feed/changes'),
      ),
    );
    expect(tooMany.violations).to.deep.equal(['required header Retry-After is missing']);
  });
});
