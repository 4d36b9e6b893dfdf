import { expect } from 'chai';
import { Faker, base, en } from '@faker-js/faker';
import {
  listOperations,
  type JsonSchema,
  type Operation,
  type ParameterObject,
} from '../../src/openapi/document.js';
import { testEnv } from './env.js';
import { call } from './http.js';

/** A value the schema accepts (roughly), or one it must reject. */
function sample(faker: Faker, schema: JsonSchema, valid: boolean): string {
  const type = schema.type;
  const items = schema.items as JsonSchema | undefined;
  if (!valid) {
    return faker.helpers.arrayElement([
      '',
      ' ',
      '-1',
      '1e309',
      'NaN',
      'true',
      'null',
      '%00',
      '../../etc',
      'x'.repeat(3000),
      '😀',
      '[]',
      '{"a":1}',
      "' OR 1=1 --",
      '<script>',
      '2026-13-45T99:99:99Z',
      '0x10',
      ',,,',
      'a|b&!',
      '!!!',
      '&&&',
    ]);
  }
  if (Array.isArray(schema.enum)) return String(faker.helpers.arrayElement(schema.enum));
  if (type === 'array' && items !== undefined) {
    return Array.from({ length: faker.number.int({ min: 1, max: 3 }) }, () =>
      sample(faker, items, true),
    ).join(',');
  }
  if (type === 'integer' || type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
    const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 10_000) : min + 1000;
    return String(faker.number.int({ min, max }));
  }
  if (type === 'boolean') return String(faker.datatype.boolean());
  if (schema.format === 'date-time') return faker.date.recent({ days: 400 }).toISOString();
  if (schema.format === 'date') return faker.date.recent({ days: 400 }).toISOString().slice(0, 10);
  if (schema.pattern === '^[A-Z]{2}$') return faker.location.countryCode('alpha-2');
  if (schema.pattern === '^[a-z]{2}$') return faker.helpers.arrayElement(['en', 'de', 'fr', 'ja']);
  if (schema.pattern === '^[A-Z]{3}$') return faker.finance.currencyCode();
  if (schema.format === 'hostname') return faker.internet.domainName();
  return faker.helpers.arrayElement([
    faker.word.words({ count: { min: 1, max: 3 } }),
    'engineer & !intern | qa',
    'c#',
    'München',
  ]);
}

function query(faker: Faker, parameters: ParameterObject[]): string {
  const parts: string[] = [];
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    if (!faker.datatype.boolean({ probability: 0.35 })) continue;
    const valid = faker.datatype.boolean({ probability: 0.8 });
    parts.push(
      `${encodeURIComponent(parameter.name)}=${encodeURIComponent(sample(faker, parameter.schema, valid))}`,
    );
  }
  if (faker.datatype.boolean({ probability: 0.1 })) parts.push(`${faker.word.noun()}=${faker.word.noun()}`);
  if (faker.datatype.boolean({ probability: 0.05 })) parts.push('limit=1&limit=2');
  return parts.join('&');
}

describe('fuzzing the implemented operations from their OpenAPI parameter schemas', function () {
  this.timeout(180_000);

  it('never answers 5xx; every 4xx is problem+json (422 with the validation body)', async () => {
    const env = testEnv();
    const key = (
      await env.services.accounts.createActiveAccount({
        email: 'fuzz@example.com',
        plan: 'scale',
        isService: false,
      })
    ).key;
    const faker = new Faker({ locale: [en, base] });
    faker.seed(424242);
    const operations: Operation[] = listOperations(env.document).filter(
      (o) => o.implemented && o.method === 'get',
    );
    const statuses = new Map<number, number>();
    for (let n = 0; n < 600; n += 1) {
      const operation = faker.helpers.arrayElement(operations);
      const path = operation.path.replace(/\{[^}]+\}/g, () =>
        encodeURIComponent(faker.helpers.arrayElement(['greenhouse_abc', 'x', '%2F', '😀', 'a'.repeat(300)])),
      );
      const q = query(faker, operation.parameters);
      const headers: Record<string, string> = faker.datatype.boolean({ probability: 0.6 })
        ? { 'X-API-Key': faker.datatype.boolean({ probability: 0.9 }) ? key : 'jls_live_bogus' }
        : {};
      const response = await call(`${path}${q === '' ? '' : `?${q}`}`, { headers });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, `${path}?${q}`).to.be.below(500);
      if (response.status >= 400) {
        expect(response.headers.get('content-type'), `${path}?${q}`).to.match(/^application\/problem\+json/);
        const body = response.body as { status: number; code: string; detail: unknown };
        expect(body.status).to.equal(response.status);
        if (response.status === 422) {
          expect(body.detail).to.be.an('array').that.is.not.empty;
          for (const item of body.detail as Record<string, unknown>[])
            expect(item).to.include.keys('loc', 'msg', 'type');
        }
      }
    }
    expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).to.be.greaterThan(50);
    expect(statuses.get(422) ?? 0, JSON.stringify([...statuses])).to.be.greaterThan(50);
  });
});
