import { existsSync, readdirSync } from 'node:fs';
import { expect } from 'chai';
import { SOURCE_CODES, isSourceCode, sourceCoverage } from '../../src/domain/sources.js';
import { CONNECTORS } from '../../src/ingest/connectors/index.js';
import { loadDocument } from '../../src/openapi/document.js';
import { SOURCES } from '../support/source-registry.js';

describe('source registry', () => {
  it('has the 59 unique codes of the OpenAPI SourceCode enum, in its order', () => {
    expect(SOURCE_CODES).to.have.length(59);
    expect(new Set(SOURCE_CODES).size).to.equal(59);
    const schema = loadDocument().components?.schemas?.SourceCode;
    expect(schema?.enum).to.deep.equal([...SOURCE_CODES]);
  });

  it('describes every code once, in the same order', () => {
    expect([...SOURCES.keys()]).to.deep.equal([...SOURCE_CODES]);
    for (const [code, info] of SOURCES) {
      expect(info.code).to.equal(code);
      expect(info.name, code).to.not.equal('');
      expect(info.endpoints, code).to.not.be.empty;
      expect(['json', 'xml', 'html', 'json-ld'], code).to.include(info.format);
      expect(['none', 'offset', 'page', 'token'], code).to.include(info.paging);
    }
  });

  it('marks a source crawled exactly when a connector is registered for it', () => {
    const crawled = [...SOURCES.values()].filter((info) => info.crawled).map((info) => info.code);
    expect([...CONNECTORS.keys()].sort()).to.deep.equal([...crawled].sort());
    for (const [code, connector] of CONNECTORS) {
      expect(connector.source).to.equal(code);
      expect(isSourceCode(code), code).to.equal(true);
    }
  });

  it('marks a crawled source verified only with a real recording of it held; unverified ones are named', () => {
    for (const source of SOURCES.values()) {
      if (!source.verified) continue;
      expect(source.crawled, source.code).to.equal(true);
      const dir = `test/fixtures/ats/${source.code}`;
      const recordings = existsSync(dir)
        ? readdirSync(dir).filter((file) => !file.startsWith('CONSTRUCTED'))
        : [];
      expect(recordings, `${source.code}: recordings`).to.not.deep.equal([]);
    }
    // What /v1/stats publishes agrees with the registry: every crawled source is verified.
    const coverage = sourceCoverage(new Set(CONNECTORS.keys()));
    const registry = [...SOURCES.values()];
    expect(coverage.unverified).to.deep.equal([]);
    expect(coverage.unverified).to.deep.equal(
      registry.filter((s) => s.crawled && !s.verified).map((s) => s.code),
    );
    expect(coverage.verified).to.deep.equal(registry.filter((s) => s.verified).map((s) => s.code));
    expect(coverage.verified).to.have.length(39);
  });

  it('narrows untrusted values with isSourceCode', () => {
    expect(isSourceCode('oracle_cloud')).to.equal(true);
    expect(isSourceCode('ukg')).to.equal(false);
    expect(isSourceCode('Greenhouse')).to.equal(false);
    expect(isSourceCode(42)).to.equal(false);
  });
});
