// Regenerate the golden Elasticsearch bodies: `UPDATE_GOLDEN=1 npx mocha test/unit/golden`, then review `git diff test/fixtures/golden-es`.
/**
 * Golden fixtures for the pure Elasticsearch query builders: each case's request body deep-equals
 * a committed JSON file, test/fixtures/golden-es/<builder>/<case>.json. With UPDATE_GOLDEN=1 the
 * builder's current output is written to the file instead (the test passes), so a change shows up
 * as a diff for review rather than as an edit to a hand-written expectation.
 */
import { expect } from 'chai';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const GOLDEN_ROOT = fileURLToPath(new URL('../../fixtures/golden-es/', import.meta.url));
export const REGENERATE_COMMAND = 'UPDATE_GOLDEN=1 npx mocha test/unit/golden';

const updating = process.env.UPDATE_GOLDEN === '1';

/** The file of a case: `name` is `<builder>/<case>` (lower-case letters, digits, dashes). */
export function goldenPath(name: string): string {
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(name)) {
    throw new Error(`golden case name ${JSON.stringify(name)} is not <builder>/<case> in kebab-case`);
  }
  return `${GOLDEN_ROOT}${name}.json`;
}

/** The stored form of a body: stable, two-space JSON with a final newline. */
function serialize(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Asserts that `actual` deep-equals the golden file of `name`; under UPDATE_GOLDEN=1 writes it there
 * first (only when it changed). Either way the comparison is against the parsed file, so a body that
 * JSON cannot represent exactly (an `undefined` member, NaN) fails rather than round-trips silently.
 */
export function matchesGolden(name: string, actual: unknown): void {
  const path = goldenPath(name);
  const shown = relative(process.cwd(), path);
  if (updating) {
    const text = serialize(actual);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  } else if (!existsSync(path)) {
    expect.fail(
      `No golden file ${shown} for case ${name}: run \`${REGENERATE_COMMAND}\` and review the diff before committing it.`,
    );
  }
  const golden = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  expect(
    actual,
    `${name} differs from ${shown} (if the change is intended: ${REGENERATE_COMMAND}, then review the diff)`,
  ).to.deep.equal(golden);
}
