/**
 * `npm run mcp:conformance [-- --url http://host:port/mcp]`: the server scenarios of the official
 * MCP conformance suite (@modelcontextprotocol/conformance, `--suite all`) against our /mcp.
 * Without --url it starts the API on the dev stack (index prefix and schema `mcp-conformance`,
 * migrated at start; no corpus is needed) and stops it afterwards.
 *
 * Most scenarios of the suite drive the fixtures of its reference "everything" server (tools named
 * test_simple_text, test_image_content…, resources test://static-text…, prompts test_simple_prompt…)
 * or features this keyless, stateless server deliberately does not offer. Those are listed below
 * with the reason they do not apply. Prints passed / failed / not applicable per scenario; exits 1
 * when an applicable scenario fails, or the suite has a scenario this list does not know (it
 * counts as applicable until someone decides).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchEnv, startApi, type ApiProcess } from './lib/api-process.js';

const { values } = parseArgs({ options: { url: { type: 'string' } } });

const FIXTURE_TOOL = (tool: string, what: string): string =>
  `calls the reference server's fixture tool ${tool}; ${what}`;
const STATELESS =
  'the server is stateless and answers JSON (no session, no SSE stream, GET /mcp is 405), so it cannot send server-to-client requests or notifications';

/** Scenarios of @modelcontextprotocol/conformance 0.1.16 that do not apply, and why. */
const NOT_APPLICABLE: Record<string, string> = {
  'logging-set-level':
    'no `logging` capability: the server emits no log notifications, so logging/setLevel is -32601 as for any capability not declared',
  'completion-complete':
    'no `completions` capability: there are no prompts or resource templates whose arguments could be completed',
  'tools-call-simple-text': FIXTURE_TOOL(
    'test_simple_text',
    'every tool of ours answers text content plus structuredContent (test/integration/mcp*.test.ts)',
  ),
  'tools-call-image': FIXTURE_TOOL('test_image_content', 'our tools return no images'),
  'tools-call-audio': FIXTURE_TOOL('test_audio_content', 'our tools return no audio'),
  'tools-call-embedded-resource': FIXTURE_TOOL('test_embedded_resource', 'our tools embed no resources'),
  'tools-call-mixed-content': FIXTURE_TOOL(
    'test_multiple_content_types',
    'our tools return one text block and structuredContent',
  ),
  'tools-call-with-logging': `calls test_tool_with_logging and expects log notifications: no logging capability; ${STATELESS}`,
  'tools-call-error': FIXTURE_TOOL(
    'test_error_handling',
    'our tool failures are isError results (tested for every tool in test/integration/mcp*.test.ts)',
  ),
  'tools-call-with-progress': `calls test_tool_with_progress and expects progress notifications: ${STATELESS}`,
  'tools-call-sampling': `calls test_sampling: no tool needs the client's model (sampling); ${STATELESS}`,
  'tools-call-elicitation': `calls test_elicitation: no tool asks the user anything (elicitation); ${STATELESS}`,
  'elicitation-sep1034-defaults': `calls test_elicitation_sep1034_defaults: no elicitation; ${STATELESS}`,
  'elicitation-sep1330-enums': `calls test_elicitation_sep1330_enums: no elicitation; ${STATELESS}`,
  'json-schema-2020-12':
    "looks for the fixture tool json_schema_2020_12_tool ($schema, $defs.address); our input schemas are JSON Schema 2020-12 derived from the OpenAPI document (unit-tested to compile under ajv's 2020 draft)",
  'server-sse-polling': `calls the fixture tool test_reconnection over an SSE stream: ${STATELESS}`,
  'server-sse-multiple-streams': `needs an Mcp-Session-Id and SSE streams: ${STATELESS}`,
  'resources-read-text':
    'reads the fixture resource test://static-text; ours (jlds://openapi.json, jlds://guide.md) are read in test/unit/mcp.test.ts',
  'resources-read-binary': 'reads the fixture resource test://static-binary; we serve no binary resource',
  'resources-templates-read':
    'reads the fixture template test://template/{id}/data; we have no resource templates',
  'resources-subscribe': `no \`subscribe\` capability: our resources are fixed for the life of the process; ${STATELESS}`,
  'resources-unsubscribe': `no \`subscribe\` capability (see resources-subscribe); ${STATELESS}`,
  'prompts-list': 'no `prompts` capability: the server offers no prompts (prompts/list is -32601)',
  'prompts-get-simple': 'gets the fixture prompt test_simple_prompt; we offer no prompts',
  'prompts-get-with-args': 'gets the fixture prompt test_prompt_with_arguments; we offer no prompts',
  'prompts-get-embedded-resource':
    'gets the fixture prompt test_prompt_with_embedded_resource; we offer no prompts',
  'prompts-get-with-image': 'gets the fixture prompt test_prompt_with_image; we offer no prompts',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

interface Outcome {
  scenario: string;
  checks: Check[];
}

const CONFORMANCE = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);

/** Runs every server scenario; resolves with the CLI's exit code (non-zero whenever any fails). */
function runSuite(url: string, outputDir: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [CONFORMANCE, 'server', '--url', url, '--suite', 'all', '--output-dir', outputDir],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      resolve(code ?? 1);
    });
  });
}

/** One result directory per scenario: `server-<scenario>-<timestamp>/checks.json`. */
async function readOutcomes(outputDir: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const entry of (await readdir(outputDir)).sort()) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    if (scenario === undefined) continue;
    const checks = JSON.parse(await readFile(join(outputDir, entry, 'checks.json'), 'utf8')) as Check[];
    outcomes.push({ scenario, checks });
  }
  return outcomes;
}

function passed(outcome: Outcome): boolean {
  return (
    outcome.checks.some((check) => check.status === 'SUCCESS') &&
    outcome.checks.every((check) => check.status !== 'FAILURE')
  );
}

/** Prints the table; returns the scenarios that make the run fail. */
function report(outcomes: Outcome[]): string[] {
  const failing: string[] = [];
  const applicable = outcomes.filter((outcome) => !(outcome.scenario in NOT_APPLICABLE));
  const skipped = outcomes.filter((outcome) => outcome.scenario in NOT_APPLICABLE);
  process.stdout.write(`\nApplicable scenarios (${String(applicable.length)}):\n`);
  for (const outcome of applicable) {
    const ok = passed(outcome);
    if (!ok) failing.push(outcome.scenario);
    const counts = `${String(outcome.checks.filter((check) => check.status === 'SUCCESS').length)}/${String(outcome.checks.length)} checks`;
    process.stdout.write(`  ${ok ? 'PASS' : 'FAIL'} ${outcome.scenario} (${counts})\n`);
    for (const check of outcome.checks.filter((candidate) => candidate.status !== 'SUCCESS')) {
      process.stdout.write(`       ${check.status} ${check.id}: ${check.errorMessage ?? ''}\n`);
    }
  }
  process.stdout.write(`\nNot applicable (${String(skipped.length)}):\n`);
  for (const outcome of skipped) {
    const note = passed(outcome) ? ' [passes now: reconsider this entry]' : '';
    process.stdout.write(`  n/a  ${outcome.scenario}: ${NOT_APPLICABLE[outcome.scenario] ?? ''}${note}\n`);
  }
  const unseen = Object.keys(NOT_APPLICABLE).filter(
    (scenario) => !outcomes.some((outcome) => outcome.scenario === scenario),
  );
  if (unseen.length > 0) process.stdout.write(`\nListed but not run by this suite: ${unseen.join(', ')}\n`);
  const passes = applicable.length - failing.length;
  process.stdout.write(
    `\nSummary: ${String(passes)} of ${String(applicable.length)} applicable scenarios passed, ${String(failing.length)} failed, ${String(skipped.length)} not applicable (${String(outcomes.length)} run).\n`,
  );
  return failing;
}

async function main(): Promise<number> {
  let api: ApiProcess | undefined;
  const outputDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  try {
    let url = values.url;
    if (url === undefined) {
      api = await startApi(await benchEnv('mcp-conformance'));
      url = `${api.url}/mcp`;
    }
    process.stdout.write(`MCP conformance (server scenarios, --suite all) against ${url}\n`);
    await runSuite(url, outputDir);
    const outcomes = await readOutcomes(outputDir);
    if (outcomes.length === 0) throw new Error('the conformance suite wrote no results');
    return report(outcomes).length === 0 ? 0 : 1;
  } finally {
    api?.stop();
    await rm(outputDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
