import { expect } from 'chai';
import { loadDocument } from '../../src/openapi/document.js';
import { testEnv, UPGRADE_URL } from './env.js';
import { call, jsonBody, type Problem, type ValidationBody } from './http.js';

async function keyFor(plan: 'starter' | 'growth' | 'scale'): Promise<string> {
  const issued = await testEnv().services.accounts.createActiveAccount({
    email: `${plan}@example.com`,
    plan,
    isService: false,
  });
  return issued.key;
}

function expectProblem(
  response: { status: number; headers: Headers; body: unknown },
  status: number,
  code: string,
): Problem {
  expect(response.status).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
  const problem = response.body as Problem;
  expect(problem).to.include({ status, code, type: `/problems/${code.replaceAll('_', '-')}` });
  expect(problem.title).to.be.a('string').and.not.equal('');
  expect(problem.request_id).to.equal(response.headers.get('x-request-id'));
  expect(response.headers.get('x-service-schema-version')).to.equal(null);
  return problem;
}

describe('HTTP core', () => {
  describe('success responses', () => {
    it('answers /healthz with both engines up, the schema version and a request id', async () => {
      const response = await call('/healthz');
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-service-schema-version')).to.equal('1.0.0');
      expect(response.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
      const body = response.body as { status: string; checks: Record<string, { status: string }> };
      expect(body.status).to.equal('ok');
      expect(body.checks.elasticsearch?.status).to.equal('up');
      expect(body.checks.postgres?.status).to.equal('up');
    });

    it('serves the OpenAPI document unchanged at /openapi.json', async () => {
      const response = await call('/openapi.json');
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal(loadDocument());
      expect(response.headers.get('x-service-schema-version')).to.equal('1.0.0');
    });

    it('echoes a well-formed client request id and replaces a malformed one', async () => {
      const echoed = await call('/healthz', { headers: { 'X-Request-Id': 'client-abc.123' } });
      expect(echoed.headers.get('x-request-id')).to.equal('client-abc.123');
      const replaced = await call('/healthz', { headers: { 'X-Request-Id': 'bad id with spaces' } });
      expect(replaced.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });
  });

  describe('422 validation body', () => {
    it('reports every query problem with loc, msg, type, input and ctx', async () => {
      const response = await call('/v1/jobs/search?limit=0&status=bogus&foo=1&country=US,usa');
      const body = expectProblem(response, 422, 'validation_error') as ValidationBody;
      const byLoc = new Map(body.detail.map((item) => [JSON.stringify(item.loc), item]));
      expect(byLoc.get('["query","limit"]')).to.deep.include({
        type: 'greater_than_equal',
        input: '0',
        ctx: { ge: 1 },
      });
      expect(byLoc.get('["query","status"]')).to.deep.include({ type: 'enum', input: 'bogus' });
      expect(byLoc.get('["query","foo"]')).to.deep.include({ type: 'extra_forbidden', input: '1' });
      expect(byLoc.get('["query","country",1]')).to.deep.include({
        type: 'string_pattern_mismatch',
        input: 'usa',
      });
      for (const item of body.detail) {
        expect(item.msg).to.be.a('string').and.not.equal('');
        expect(Object.keys(item)).to.satisfy((keys: string[]) =>
          keys.every((k) => ['loc', 'msg', 'type', 'input', 'ctx'].includes(k)),
        );
      }
    });

    it('rejects non-integers, over-long cursors and repeated parameters', async () => {
      const response = await call(`/v1/jobs/search?limit=ten&cursor=${'c'.repeat(2049)}&q=a&q=b`);
      const body = expectProblem(response, 422, 'validation_error') as ValidationBody;
      const types = Object.fromEntries(body.detail.map((item) => [item.loc.join('.'), item.type]));
      expect(types).to.deep.equal({
        'query.limit': 'int_parsing',
        'query.cursor': 'string_too_long',
        'query.q': 'too_many_values',
      });
    });

    it('bounds csv parameters by their raw length', async () => {
      const countries = Array.from({ length: 200 }, () => 'US').join(',');
      const body = expectProblem(
        await call(`/v1/jobs/search?country=${countries}`),
        422,
        'validation_error',
      ) as ValidationBody;
      expect(body.detail).to.deep.equal([
        {
          loc: ['query', 'country'],
          msg: 'String should have at most 500 characters',
          type: 'string_too_long',
          input: countries,
          ctx: { max_length: 500 },
        },
      ]);
    });

    it('reports path parameter problems', async () => {
      const key = await keyFor('scale');
      const response = await call('/v1/datasets/not-a-date', { headers: { 'X-API-Key': key } });
      const body = expectProblem(response, 422, 'validation_error') as ValidationBody;
      expect(body.detail).to.have.length(1);
      expect(body.detail[0]).to.deep.include({
        loc: ['path', 'snapshot_date'],
        type: 'date_parsing',
        input: 'not-a-date',
      });
    });

    it('reports body problems, including missing and unknown members', async () => {
      const response = await call(
        '/v1/billing/checkout',
        jsonBody({ email: 'nope', plan: 'gold', extra: 1 }),
      );
      const body = expectProblem(response, 422, 'validation_error') as ValidationBody;
      const byLoc = new Map(body.detail.map((item) => [item.loc.join('.'), item]));
      expect(byLoc.get('body.email')).to.deep.include({ type: 'value_error', input: 'nope' });
      expect(byLoc.get('body.plan')).to.deep.include({ type: 'enum', input: 'gold' });
      expect(byLoc.get('body.return_url')).to.deep.include({ type: 'missing' });
      expect(byLoc.get('body.extra')).to.deep.include({ type: 'extra_forbidden', input: 1 });
    });

    it('answers malformed JSON with a json_invalid item and a missing body with a missing item', async () => {
      const malformed = await call('/v1/billing/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      });
      const body = expectProblem(malformed, 422, 'validation_error') as ValidationBody;
      expect(body.detail).to.deep.equal([
        { loc: ['body'], msg: 'JSON decode error: the body is not valid JSON', type: 'json_invalid' },
      ]);
      const missing = await call('/v1/billing/checkout', { method: 'POST' });
      expect((expectProblem(missing, 422, 'validation_error') as ValidationBody).detail).to.deep.equal([
        { loc: ['body'], msg: 'Field required', type: 'missing' },
      ]);
    });

    it('rejects a body over 1 MB with 413', async () => {
      const response = await call(
        '/v1/billing/checkout',
        jsonBody({ email: 'a@example.com', pad: 'x'.repeat(1_100_000) }),
      );
      expectProblem(response, 413, 'payload_too_large');
    });

    it('rejects a body that is not JSON with 415', async () => {
      const response = await call('/v1/billing/checkout', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'hello',
      });
      expectProblem(response, 415, 'unsupported_media_type');
    });
  });

  describe('problem+json errors', () => {
    it('answers an unknown path with 404', async () => {
      const problem = expectProblem(await call('/v1/nothing-here'), 404, 'not_found');
      expect(problem.instance).to.equal('/v1/nothing-here');
    });

    it('answers a known path with the wrong method with 405 and Allow', async () => {
      const response = await call('/v1/jobs/search', { method: 'DELETE' });
      expectProblem(response, 405, 'method_not_allowed');
      expect(response.headers.get('allow')?.split(', ')).to.include.members(['GET', 'POST']);
    });

    it('answers a production endpoint without a key with 401 api_key_required', async () => {
      const response = await call('/v1/companies');
      expectProblem(response, 401, 'api_key_required');
      expect(response.headers.get('www-authenticate')).to.match(/X-API-Key/);
    });

    it('answers malformed and unknown keys with 401 invalid_api_key', async () => {
      expectProblem(
        await call('/v1/companies', { headers: { 'X-API-Key': 'not-a-key' } }),
        401,
        'invalid_api_key',
      );
      const key = await keyFor('starter');
      const unknown = `${key.slice(0, 9)}${key.slice(9, 41).split('').reverse().join('')}`;
      expectProblem(
        await call('/v1/companies', { headers: { 'X-API-Key': unknown } }),
        401,
        'invalid_api_key',
      );
    });

    it('answers a plan without the entitlement with 403 plan_required', async () => {
      const key = await keyFor('starter');
      const problem = expectProblem(
        await call('/v1/datasets', { headers: { 'X-API-Key': key } }),
        403,
        'plan_required',
      );
      expect(problem.detail).to.match(/scale/);
      expect(problem).to.deep.include({ required_entitlement: 'datasets', upgrade_url: UPGRADE_URL });
    });

    it('answers no operation of the contract with 501: every one is built', async () => {
      const key = await keyFor('scale');
      const unbuilt = Object.values(loadDocument().paths).flatMap((item) =>
        Object.values(item).filter(
          (operation) =>
            typeof operation === 'object' &&
            operation !== null &&
            'x-implemented' in operation &&
            operation['x-implemented'] !== true,
        ),
      );
      expect(unbuilt).to.deep.equal([]);
      const response = await call('/v1/destinations', { headers: { 'X-API-Key': key } });
      expect(response.status).to.equal(200);
    });
  });
});
