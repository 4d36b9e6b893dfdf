import { expect } from 'chai';
import { ValidationFailedError, type ValidationIssue } from '../../src/domain/errors.js';
import { compileValidators, type RequestParts } from '../../src/http/validation.js';
import { listOperations, loadDocument, type OpenApiDocument } from '../../src/openapi/document.js';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { version: '1.0.0' },
  paths: {
    '/things/{thing_id}': {
      post: {
        operationId: 'makeThing',
        parameters: [
          { name: 'thing_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { $ref: '#/components/parameters/limit' },
          { name: 'flag', in: 'query', schema: { type: 'boolean', default: false } },
          { name: 'when', in: 'query', schema: { type: 'string', format: 'date-time' } },
          {
            name: 'country',
            in: 'query',
            style: 'form',
            explode: false,
            'x-max-length': 20,
            schema: { type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' } },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
      },
    },
  },
  components: {
    parameters: {
      limit: {
        name: 'limit',
        in: 'query',
        schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
      },
    },
    schemas: {
      Thing: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'secret'],
        properties: {
          name: { type: 'string', maxLength: 5 },
          secret: { type: 'string', minLength: 8, writeOnly: true },
          tags: { type: 'array', items: { enum: ['a', 'b'] } },
        },
      },
    },
  },
};

const validate = (() => {
  const validator = compileValidators(document, listOperations(document)).get('makeThing');
  if (validator === undefined) throw new Error('no validator');
  return validator;
})();

const ID = '7b0c7c4e-8f9b-4a53-9d0e-0a6c2f9c6f11';

function issuesOf(parts: Partial<RequestParts>): ValidationIssue[] {
  try {
    validate({ query: {}, path: { thing_id: ID }, body: { name: 'x', secret: 'long-enough' }, ...parts });
  } catch (error) {
    if (error instanceof ValidationFailedError) return error.issues;
    throw error;
  }
  return [];
}

describe('request validation from the OpenAPI document', () => {
  it('coerces scalars, fills defaults and splits csv arrays', () => {
    const input = validate({
      query: { limit: '25', flag: 'true', country: 'US,GB' },
      path: { thing_id: ID },
      body: { name: 'x', secret: 'long-enough' },
    });
    expect(input.query).to.deep.equal({ limit: 25, flag: true, country: ['US', 'GB'] });
    expect(
      validate({ query: {}, path: { thing_id: ID }, body: { name: 'x', secret: 'long-enough' } }).query,
    ).to.deep.equal({ limit: 100, flag: false });
  });

  it('reports bounds with pydantic-style types, the raw input and ctx', () => {
    expect(issuesOf({ query: { limit: '1001' } })).to.deep.equal([
      {
        loc: ['query', 'limit'],
        msg: 'Input should be less than or equal to 1000',
        type: 'less_than_equal',
        input: '1001',
        ctx: { le: 1000 },
      },
    ]);
    expect(issuesOf({ query: { limit: '1.5' } })[0]).to.include({ type: 'int_parsing', input: '1.5' });
    expect(issuesOf({ query: { limit: '' } })[0]).to.include({ type: 'int_parsing', input: '' });
    expect(issuesOf({ query: { flag: 'yes' } })[0]).to.include({ type: 'bool_parsing', input: 'yes' });
    for (const huge of ['1e309', 'Infinity', '-Infinity', 'NaN']) {
      expect(issuesOf({ query: { limit: huge } })[0], huge).to.include({ type: 'int_parsing', input: huge });
    }
  });

  it('requires a UTC offset on date-times', () => {
    expect(issuesOf({ query: { when: '2026-01-01T00:00:00' } })[0]).to.include({ type: 'datetime_parsing' });
    expect(issuesOf({ query: { when: '2026-01-01T00:00:00+02:00' } })).to.deep.equal([]);
    expect(issuesOf({ query: { when: '2026-01-01T00:00:00Z' } })).to.deep.equal([]);
  });

  it('validates an empty value as given, never as absent (defaults apply only to absent parameters)', () => {
    expect(
      issuesOf({ query: { limit: '', flag: '' } }).map((issue) => [issue.loc, issue.type, issue.input]),
    ).to.deep.equal([
      [['query', 'flag'], 'bool_parsing', ''],
      [['query', 'limit'], 'int_parsing', ''],
    ]);
    const input = validate({ query: {}, path: { thing_id: ID }, body: { name: 'x', secret: 'long-enough' } });
    expect(input.query).to.deep.equal({ limit: 100, flag: false });
  });

  it('orders issues by location and reports at most 50', () => {
    const query = Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`unknown${String(i).padStart(2, '0')}`, 'x']),
    );
    const issues = issuesOf({ query: { ...query, limit: '0' } });
    expect(issues).to.have.length(50);
    expect(issues[0]?.loc).to.deep.equal(['query', 'limit']);
    expect(issues[1]?.loc).to.deep.equal(['query', 'unknown00']);
  });

  it('rejects unknown and repeated query parameters', () => {
    expect(issuesOf({ query: { limt: '5' } })).to.deep.equal([
      { loc: ['query', 'limt'], msg: 'Unknown query parameter', type: 'extra_forbidden', input: '5' },
    ]);
    expect(issuesOf({ query: { limit: ['1', '2'] } })[0]).to.include({ type: 'too_many_values' });
  });

  it('locates csv item errors by index and bounds the raw csv length', () => {
    expect(issuesOf({ query: { country: 'US,gb,FR' } })).to.deep.equal([
      {
        loc: ['query', 'country', 1],
        msg: "String should match pattern '^[A-Z]{2}$'",
        type: 'string_pattern_mismatch',
        input: 'gb',
        ctx: { pattern: '^[A-Z]{2}$' },
      },
    ]);
    expect(issuesOf({ query: { country: 'US,GB,FR,DE,IT,ES,PT,NL' } })[0]).to.include({
      type: 'string_too_long',
    });
  });

  it('validates path parameters', () => {
    expect(issuesOf({ path: { thing_id: 'nope' } })).to.deep.equal([
      { loc: ['path', 'thing_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing', input: 'nope' },
    ]);
  });

  it('validates bodies through component references, without coercion', () => {
    const issues = issuesOf({ body: { name: 12, tags: ['a', 'c'], extra: true } });
    const byLoc = Object.fromEntries(issues.map((issue) => [issue.loc.join('.'), issue]));
    expect(byLoc['body.name']).to.include({ type: 'string_type', input: 12 });
    expect(byLoc['body.tags.1']).to.include({ type: 'enum', input: 'c' });
    expect(byLoc['body.secret']).to.include({ type: 'missing' });
    expect(byLoc['body.extra']).to.include({ type: 'extra_forbidden', input: true });
  });

  it('never echoes writeOnly members (secrets) in input', () => {
    const [issue] = issuesOf({ body: { name: 'x', secret: 'short' } });
    expect(issue).to.deep.equal({
      loc: ['body', 'secret'],
      msg: 'String should have at least 8 characters',
      type: 'string_too_short',
      ctx: { min_length: 8 },
    });
  });

  it('reports a missing required body', () => {
    expect(issuesOf({ body: undefined })).to.deep.equal([
      { loc: ['body'], msg: 'Field required', type: 'missing' },
    ]);
  });
});

describe('request validation of tagged unions (the typed search keyword tree)', () => {
  const real = loadDocument();
  const typed = compileValidators(real, listOperations(real)).get('searchJobsTyped');
  const issuesOfBody = (body: unknown): ValidationIssue[] => {
    if (typed === undefined) throw new Error('no searchJobsTyped validator');
    try {
      typed({ query: {}, path: {}, body });
      return [];
    } catch (error) {
      if (error instanceof ValidationFailedError) return error.issues;
      throw error;
    }
  };

  it('answers a node with no known tag with one entry that names the tags', () => {
    const issues = issuesOfBody({ query: { any: [{ term: 'python' }] } });
    expect(issues).to.deep.equal([
      {
        loc: ['body', 'query'],
        msg: "Input should be an object with exactly one of 'and', 'or', 'not', 'term' or 'phrase'",
        type: 'union_tag_invalid',
        input: { any: [{ term: 'python' }] },
        ctx: { expected_tags: "'and', 'or', 'not', 'term', 'phrase'" },
      },
    ]);
  });

  it('reports only the errors of the branch a tag selects, however deep', () => {
    expect(
      issuesOfBody({ query: { and: [{ term: 'python', fields: ['title'] }, { or: [] }] } }),
    ).to.deep.equal([
      {
        loc: ['body', 'query', 'and', 1, 'or'],
        msg: 'List should have at least 1 items',
        type: 'too_short',
        input: [],
        ctx: { min_length: 1 },
      },
    ]);
    expect(issuesOfBody({ query: { term: 'python', bogus: 1 } })).to.deep.equal([
      {
        loc: ['body', 'query', 'bogus'],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
        input: 1,
      },
    ]);
  });

  it('answers two tags on one node with one entry', () => {
    const issues = issuesOfBody({ query: { term: 'a', phrase: 'b c' } });
    expect(issues.map((issue) => [issue.loc, issue.type])).to.deep.equal([
      [['body', 'query'], 'union_tag_invalid'],
    ]);
  });

  it('never repeats an identical entry', () => {
    const issues = issuesOfBody({ query: { not: { any: 1 } }, limit: 0, bogus: true });
    const identities = issues.map((issue) => JSON.stringify(issue));
    expect(new Set(identities).size).to.equal(identities.length);
    expect(issues.map((issue) => issue.type)).to.include.members(['union_tag_invalid', 'extra_forbidden']);
  });
});

describe('request validation of unions discriminated by a constant member (destination bodies)', () => {
  const real = loadDocument();
  const create = compileValidators(real, listOperations(real)).get('createDestination');
  const issuesOfBody = (body: unknown): ValidationIssue[] => {
    if (create === undefined) throw new Error('no createDestination validator');
    try {
      create({ query: {}, path: {}, body });
      return [];
    } catch (error) {
      if (error instanceof ValidationFailedError) return error.issues;
      throw error;
    }
  };
  const postgres = {
    kind: 'postgres',
    name: 'warehouse',
    config: {
      host: 'db.example.com',
      database: 'jobs',
      user: 'loader',
      password: 'p4ssw0rd-secret',
      table: 'jobs',
    },
  };

  it('reports only the complaints of the branch `kind` names, and never echoes the password', () => {
    const issues = issuesOfBody({ ...postgres, config: { ...postgres.config, port: 0 } });
    expect(issues).to.deep.equal([
      {
        loc: ['body', 'config', 'port'],
        msg: 'Input should be greater than or equal to 1',
        type: 'greater_than_equal',
        input: 0,
        ctx: { ge: 1 },
      },
    ]);
    const tooLong = issuesOfBody({ ...postgres, config: { ...postgres.config, password: 'x'.repeat(1025) } });
    expect(tooLong.map((issue) => issue.loc)).to.deep.equal([['body', 'config', 'password']]);
    expect(JSON.stringify(tooLong)).not.to.include('xxxx');
  });

  it('keeps one generic entry when the discriminator names no branch', () => {
    const issues = issuesOfBody({ ...postgres, kind: 'ftp' });
    expect(issues).to.have.length(1);
    expect(issues[0]?.loc).to.deep.equal(['body']);
  });

  it('accepts a valid body of either kind', () => {
    expect(issuesOfBody(postgres)).to.deep.equal([]);
    expect(
      issuesOfBody({ kind: 'webhook', name: 'hook', config: { url: 'https://example.com/hook' } }),
    ).to.deep.equal([]);
  });
});
