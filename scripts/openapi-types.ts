/**
 * `npm run openapi:types [-- --check]`: src/openapi/types.ts from src/openapi/openapi.yaml, by
 * openapi-typescript, plus `QueryDefaults` (per operation, the query parameters whose schema has a
 * default: the validator fills them, so handlers see them present). `--check` (run by `npm test`
 * and `npm run lint`) fails when the committed file differs from what the document generates.
 */
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';
import { DOCUMENT_PATH, listOperations, loadDocument } from '../src/openapi/document.js';

const TARGET = 'src/openapi/types.ts';

const HEADER = `/**
 * Generated from src/openapi/openapi.yaml by \`npm run openapi:types\`: do not edit. \`npm test\`
 * fails when this file and the document drift.
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
  const options = (await prettier.resolveConfig(TARGET)) ?? {};
  return prettier.format(text, { ...options, filepath: TARGET });
}

const generated = await generate();
if (process.argv.includes('--check')) {
  const committed = await readFile(TARGET, 'utf8').catch(() => '');
  if (committed !== generated) {
    process.stderr.write(
      `${TARGET} does not match src/openapi/openapi.yaml: run \`npm run openapi:types\` and commit the result\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${TARGET} matches the OpenAPI document\n`);
} else {
  await writeFile(TARGET, generated);
  process.stdout.write(`wrote ${TARGET}\n`);
}
