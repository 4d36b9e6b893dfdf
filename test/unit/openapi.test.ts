import { expect } from 'chai';
import { compileValidators } from '../../src/http/validation.js';
import {
  HTTP_METHODS,
  listOperations,
  loadDocument,
  toRouterPath,
  type JsonSchema,
} from '../../src/openapi/document.js';
import { buildRouter } from '../../src/routes/index.js';

const document = loadDocument();
const operations = listOperations(document);

/** Every path the interface spec (shared/interface-spec.md) names, plus the MCP endpoint. */
const SPEC_PATHS = [
  '/healthz',
  '/v1/account/keys',
  '/v1/account/keys/rotate',
  '/v1/account/keys/{key_id}',
  '/v1/account/usage',
  '/v1/analytics/companies/{company_key}/posting-velocity',
  '/v1/analytics/state-of-hiring',
  '/v1/analytics/time-to-fill',
  '/v1/billing/checkout',
  '/v1/billing/claim',
  '/v1/billing/portal',
  '/v1/billing/webhook',
  '/v1/companies',
  '/v1/companies/{company_key}',
  '/v1/companies/{company_key}/jobs',
  '/v1/data-quality/current',
  '/v1/datasets',
  '/v1/datasets/{snapshot_date}',
  '/v1/destinations',
  '/v1/destinations/{destination_id}',
  '/v1/destinations/{destination_id}/disable',
  '/v1/destinations/{destination_id}/enable',
  '/v1/destinations/{destination_id}/runs',
  '/v1/feed/active',
  '/v1/feed/active/count',
  '/v1/feed/changes',
  '/v1/feed/expired',
  '/v1/feed/modified',
  '/v1/jobs/export',
  '/v1/jobs/preview',
  '/v1/jobs/search',
  '/v1/jobs/{job_key}',
  '/v1/keys',
  '/v1/sitemaps',
  '/v1/sitemaps/{segment_id}',
  '/v1/stats',
  '/v1/usage/daily',
  '/mcp',
];

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 for interface version 1.0.0', () => {
    expect(document.openapi).to.equal('3.1.0');
    expect(document.info.version).to.equal('1.0.0');
  });

  it('covers exactly the paths of the interface spec, /mcp, /openapi.json and the signed dataset downloads', () => {
    // The manifest's part URLs are served by the API itself (an object store could stand behind them).
    const served = ['/openapi.json', '/v1/datasets/{snapshot_date}/parts/{part}'];
    expect(Object.keys(document.paths).sort()).to.deep.equal([...SPEC_PATHS, ...served].sort());
  });

  it('gives every operation a unique operationId, a security requirement and an x-implemented flag', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (operation === undefined) continue;
        expect(operation, `${method} ${path}`).to.have.property('security');
        expect(operation['x-implemented'], `${method} ${path}`).to.be.a('boolean');
      }
    }
  });

  it('keeps parameter schemas self-contained (no $ref), as the validator requires', () => {
    for (const operation of operations) {
      for (const parameter of operation.parameters) {
        expect(JSON.stringify(parameter.schema), `${operation.operationId} ${parameter.name}`).not.to.include(
          '$ref',
        );
      }
    }
  });

  it('bounds every limit to 1..1000 (preview to 1..10) and every cursor to 2048 characters', () => {
    for (const operation of operations) {
      for (const parameter of operation.parameters) {
        const schema: JsonSchema = parameter.schema;
        if (parameter.name === 'cursor') expect(schema.maxLength, operation.operationId).to.equal(2048);
        if (parameter.name === 'limit') {
          expect(schema.minimum, operation.operationId).to.equal(1);
          expect(schema.maximum, operation.operationId).to.equal(
            operation.operationId === 'previewJobs' ? 10 : 1000,
          );
        }
      }
    }
  });

  it('types the job-search parameters exactly as the spec lists them', () => {
    const search = operations.find((o) => o.operationId === 'searchJobs');
    const params = new Map(search?.parameters.map((p) => [p.name, p]));
    const schema = (name: string): JsonSchema => params.get(name)?.schema ?? {};
    const items = (name: string): JsonSchema => (schema(name).items ?? {}) as JsonSchema;
    for (const name of ['q', 'company']) expect(schema(name).maxLength, name).to.equal(500);
    for (const name of ['family', 'country', 'source'])
      expect(params.get(name)?.['x-max-length'], name).to.equal(500);
    expect(items('family').enum).to.deep.equal([
      'engineering',
      'data_ai_analytics',
      'product_strategy',
      'design_research',
      'go_to_market',
      'business_operations',
      'finance_risk',
      'people_talent',
      'legal_policy',
      'administration',
      'general_professional',
      'unknown',
    ]);
    expect(items('employment_type').enum).to.deep.equal([
      'FULL_TIME',
      'PART_TIME',
      'CONTRACTOR',
      'TEMPORARY',
      'INTERN',
      'VOLUNTEER',
      'PER_DIEM',
      'OTHER',
    ]);
    expect(items('country').pattern).to.equal('^[A-Z]{2}$');
    expect(items('source').enum).to.have.length(59);
    expect(schema('remote').enum).to.deep.equal(['only', 'exclude']);
    expect(schema('ai_work_arrangement').enum).to.deep.equal(['remote', 'hybrid', 'on_site', 'unknown']);
    expect(schema('status'))
      .to.include({ default: 'open' })
      .and.have.property('enum')
      .deep.equal(['open', 'closed', 'all']);
    expect(schema('salary_min_gte')).to.include({ type: 'number', minimum: 0 });
    expect(schema('posted_since').format).to.equal('date-time');
    for (const name of ['exclude_duplicates', 'include_description'])
      expect(schema(name)).to.include({ type: 'boolean', default: false });
    for (const name of ['has_salary', 'security_clearance', 'visa_sponsorship', 'include_unresolved'])
      expect(schema(name).type, name).to.equal('boolean');
  });

  it('bounds time_frame to the five windows and 16 characters on every feed', () => {
    for (const operation of operations.filter((o) => o.parameters.some((p) => p.name === 'time_frame'))) {
      const schema = operation.parameters.find((p) => p.name === 'time_frame')?.schema;
      expect(schema, operation.operationId).to.deep.include({
        enum: ['1h', '6h', '24h', '7d', '31d'],
        default: '24h',
        maxLength: 16,
      });
    }
  });

  it('compiles a validator for every operation', () => {
    const validators = compileValidators(document, operations);
    expect([...validators.keys()].sort()).to.deep.equal(operations.map((o) => o.operationId).sort());
  });
});

/** Router tests never reach the rate-limit step's store. */
const rateLimits = {
  ticket: () => {
    throw new Error('not called');
  },
};
const allowances = {
  meterFor: () => {
    throw new Error('not called');
  },
};
const terms = { paidEnforcement: true, upgradeUrl: 'https://billing.test/upgrade' };

describe('router', () => {
  it("has exactly the document's operations as routes", () => {
    const router = buildRouter({
      operations,
      validators: compileValidators(document, operations),
      accounts: { authenticate: () => Promise.reject(new Error('not called')) },
      rateLimits,
      allowances,
      terms,
      handlers: Object.fromEntries(
        operations.filter((o) => o.implemented).map((o) => [o.operationId, () => Promise.resolve()]),
      ),
    });
    const routes = router.stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`),
    );
    const documented = operations.map((o) => `${o.method.toUpperCase()} ${toRouterPath(o.path)}`);
    expect(routes.sort()).to.deep.equal(documented.sort());
  });

  it('refuses to start when a handler and x-implemented disagree', () => {
    const validators = compileValidators(document, operations);
    const accounts = { authenticate: () => Promise.reject(new Error('not called')) };
    expect(() =>
      buildRouter({
        operations,
        validators,
        accounts,
        rateLimits,
        allowances,
        handlers: {},
        terms,
      }),
    ).to.throw(/x-implemented: true/);
    // Every operation of the contract is built now: one is marked unbuilt here to check the other way.
    const [unbuilt] = operations;
    expect(unbuilt).not.to.equal(undefined);
    const marked = operations.map((o) => (o === unbuilt ? { ...o, implemented: false } : o));
    const handlers = Object.fromEntries(operations.map((o) => [o.operationId, () => Promise.resolve()]));
    expect(() =>
      buildRouter({ operations: marked, validators, accounts, rateLimits, allowances, handlers, terms }),
    ).to.throw(/mark it x-implemented: true/);
  });
});
