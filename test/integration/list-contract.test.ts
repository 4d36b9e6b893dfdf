import { expect } from 'chai';
import { testEnv } from './env.js';
import { call, jsonBody, withKey, type ValidationBody } from './http.js';

/**
 * What a client written against the document relies on for every list: a cursor the service never
 * issued is a 422 cursor_invalid (never a silent first page), and a parameter sent with an empty
 * value is validated as sent (never dropped for its default).
 */
describe('list operations as the document states them', function () {
  this.timeout(60_000);
  let key = '';

  before(async () => {
    ({ key } = await testEnv().services.accounts.createActiveAccount({
      email: 'list-contract@example.com',
      plan: 'scale',
      isService: false,
    }));
  });

  const detailOf = (body: unknown): ValidationBody['detail'] => (body as ValidationBody).detail;

  for (const path of [
    '/v1/jobs/search?cursor=0',
    '/v1/feed/active?cursor=0',
    '/v1/feed/expired?cursor=0',
    '/v1/feed/modified?cursor=0',
    '/v1/jobs/export?format=ndjson&cursor=0',
  ]) {
    it(`answers a cursor it never issued with 422 cursor_invalid: GET ${path}`, async () => {
      const response = await call(path, withKey(key));
      expect(response.status, JSON.stringify(response.body)).to.equal(422);
      expect(detailOf(response.body)).to.deep.equal([
        {
          loc: ['query', 'cursor'],
          msg: 'Cursor is not one this service issued (altered or truncated)',
          type: 'cursor_invalid',
          input: '0',
        },
      ]);
    });
  }

  it('answers a typed search cursor it never issued with 422 cursor_invalid at body.cursor', async () => {
    const response = await call('/v1/jobs/search', withKey(key, jsonBody({ cursor: '0' })));
    expect(response.status, JSON.stringify(response.body)).to.equal(422);
    expect(detailOf(response.body)[0]).to.deep.include({ loc: ['body', 'cursor'], type: 'cursor_invalid' });
  });

  for (const [path, type] of [
    ['/v1/feed/active?first_seen_gte=', 'datetime_parsing'],
    ['/v1/feed/active/count?first_seen_gte=', 'datetime_parsing'],
    ['/v1/feed/changes?since_seq=', 'int_parsing'],
    ['/v1/feed/expired?limit=', 'int_parsing'],
    ['/v1/jobs/search?q=', 'string_too_short'],
    ['/v1/jobs/search?include_description=', 'bool_parsing'],
    ['/v1/jobs/search?country=', 'string_too_short'],
  ] as const) {
    it(`validates an empty value instead of dropping it: GET ${path}`, async () => {
      const response = await call(path, withKey(key));
      expect(response.status, JSON.stringify(response.body)).to.equal(422);
      const [issue] = detailOf(response.body);
      expect(issue).to.deep.include({ type, input: '' });
    });
  }
});
