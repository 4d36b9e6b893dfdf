/**
 * The shape of src/ in four numbers (docs/ARCHITECTURE.md): imports against the layer rule
 * (.dependency-cruiser.cjs), import loops, files over 300 lines and functions over 60 lines.
 * `npm run report:house [-- --list]`; --list names every offender.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const FILE_LINES = 300;
const FUNCTION_LINES = 60;
/** Generated from the OpenAPI document (npm run openapi:types): not written by hand, not counted. */
const GENERATED = join('src', 'openapi', 'types.ts');
const list = process.argv.includes('--list');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: unknown[];
}

function layerViolations(): Violation[] {
  const output = execFileSync(
    join('node_modules', '.bin', 'depcruise'),
    ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const parsed = JSON.parse(output) as { summary: { violations: Violation[] } };
  return parsed.summary.violations;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function longFunctions(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > FUNCTION_LINES) found.push(`${path}:${start + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const violations = layerViolations();
const loops = violations.filter((violation) => violation.rule.name === 'no-import-loops');
const againstLayers = violations.filter((violation) => violation.rule.name !== 'no-import-loops');
const files = sourceFiles('src');
const longFiles: string[] = [];
const functions: string[] = [];
for (const path of files) {
  if (path === GENERATED) continue;
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > FILE_LINES) longFiles.push(`${path} (${lines} lines)`);
  functions.push(...longFunctions(path, text));
}

const report: [string, string[]][] = [
  ['imports against the layers', againstLayers.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)],
  ['modules in an import loop', loops.map((v) => `${v.from} → ${v.to}`)],
  [`files over ${FILE_LINES} lines`, longFiles],
  [`functions over ${FUNCTION_LINES} lines`, functions],
];
process.stdout.write(`${files.length} source files in src/\n`);
for (const [name, offenders] of report) {
  process.stdout.write(`${name}: ${offenders.length}\n`);
  if (list) for (const offender of offenders) process.stdout.write(`  ${offender}\n`);
}
