import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts file below `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** A string literal that opens with a statement: SELECT … FROM, INSERT INTO, DELETE FROM, UPDATE … SET. */
const SQL_TEXT =
  /[`'"]\s*(SELECT\s[\s\S]*?\sFROM\s|INSERT\s+INTO\s|DELETE\s+FROM\s|UPDATE\s+[a-z_."]+\s+SET\s|WITH\s+[a-z_]+\s+AS\s*\()/;

describe('house rules', () => {
  it('keeps SQL text in src/db/ (repositories), nowhere else in src/', () => {
    const outside = sourceFiles('src')
      .filter((path) => !path.startsWith(join('src', 'db')))
      .filter((path) => SQL_TEXT.test(readFileSync(path, 'utf8')));
    expect(outside).to.deep.equal([]);
  });

  it('recognises SQL text when it sees it (the check above can fail)', () => {
    expect(SQL_TEXT.test("db.one('SELECT now() AS now FROM x')")).to.equal(true);
    expect(SQL_TEXT.test('`INSERT INTO feed_horizons (name) VALUES ($1)`')).to.equal(true);
    expect(SQL_TEXT.test("'UPDATE accounts SET status = $1'")).to.equal(true);
    expect(SQL_TEXT.test("'Select a plan from the list'")).to.equal(false);
  });
});
