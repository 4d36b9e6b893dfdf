/**
 * `npm run openapi:types [-- --check]`: src/openapi/types.ts from src/openapi/openapi.yaml, by
 * openapi-typescript, plus `QueryDefaults` (per operation, the query parameters whose schema has a
 * default: the validator fills them, so handlers see them present). The same text is written to
 * clients/typescript/src/schema.ts, the typed client's schema, so the client is generated from the
 * contract the server validates against and cannot drift from it. `--check` (run by `npm test` and
 * `npm run lint`) fails when either committed file differs from what the document generates.
 */
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { DOCUMENT_PATH, listOperations, loadDocument } from '../src/openapi/document.js';

/** Every file that holds the generated types; one text for all, so they are byte-identical. */
const TARGETS = ['src/openapi/types.ts', 'clients/typescript/src/schema.ts'] as const;

const HEADER = `/**
 * Generated from src/openapi/openapi.yaml by \`npm run openapi:types\` (into src/openapi/types.ts and
 * clients/typescript/src/schema.ts alike): do not edit. \`npm test\` fails when these files and the
 * document drift.
 */
`;

async function generate(): Promise<string> {
  const ast = await openapiTS(new URL(`file://${DOCUMENT_PATH}`), { defaultNonNullable: true });
  const document = loadDocument();
  const defaults = listOperations(document)
    .map((operation) => {
      const names = operation.parameters
        .filter((parameter) => parameter.in === 'query' && parameter.schema.default !== undefined)
        .map((parameter) => JSON.stringify(parameter.name));
      return `  ${operation.operationId}: ${names.length === 0 ? 'never' : names.join(' | ')};`;
    })
    .join('\n');
  const text = `${HEADER}${astToString(ast)}
/** Query parameters whose schema has a default, per operation (the validator fills them in). */
export interface QueryDefaults {
${defaults}
}
`;
  const options = (await prettier.resolveConfig(TARGETS[0])) ?? {};
  return prettier.format(text, { ...options, filepath: TARGETS[0] });
}

const generated = await generate();
if (process.argv.includes('--check')) {
  let drifted = false;
  for (const target of TARGETS) {
    const committed = await readFile(target, 'utf8').catch(() => '');
    if (committed === generated) {
      process.stdout.write(`${target} matches the OpenAPI document\n`);
    } else {
      drifted = true;
      process.stderr.write(
        `${target} does not match src/openapi/openapi.yaml: run \`npm run openapi:types\` and commit the result\n`,
      );
    }
  }
  if (drifted) process.exit(1);
} else {
  for (const target of TARGETS) {
    await writeFile(target, generated);
    process.stdout.write(`wrote ${target}\n`);
  }
}
