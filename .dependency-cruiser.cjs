// The layout's dependency rules (issue 27, item 4), checked by tests/architecture.test.ts through
// dependency-cruiser's API. Each rule says which way code may depend; a violation is a failing test.

/** A module folder under server/modules, captured as $1 in `to` paths. */
const MODULE = '^server/modules/([^/]+)/';
/** A module's Drizzle tables (server/modules/<m>/schema.ts and its parts' schema.ts), the module captured as $1. */
const SCHEMA = '^server/modules/([^/]+)/.*schema\\.ts$';
/** Test files and their fixtures import what they exercise; the rules are for the product's code. */
const TESTS = ['\\.test\\.tsx?$', '(^|/)test-[^/]+\\.ts$', '(^|/)tests/', '(^|/)test-fixtures\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycles between modules or inside one, in the server or the console, type-only imports included (a cycle of types is still two files that cannot be read apart).',
      severity: 'error',
      from: { path: '^(server|src|shared)/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-module',
      comment: 'server/core is what every module builds on: it reaches modules only through the hooks they contribute.',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/modules/' },
    },
    {
      name: 'module-imports-other-modules-by-surface',
      comment: 'A module imports another only through its public surface, server/modules/<m>/index.ts.',
      severity: 'error',
      from: { path: MODULE, pathNot: [...TESTS, SCHEMA] },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'schema-references-only-schemas',
      comment:
        "A module's tables may reference another module's tables (foreign keys: the database is one), and nothing else of it: drizzle-kit loads the schema files alone.",
      severity: 'error',
      from: { path: SCHEMA },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/schema\\.ts$'] },
    },
    {
      name: 'server-imports-modules-by-surface',
      comment:
        "Outside the modules (server/app.ts, the composition in server/modules/*.ts, scripts), a module is reached only through its index.ts. server/db/schema.ts is the DB's composition point: it collects every module's tables for Drizzle.",
      severity: 'error',
      from: { pathNot: [MODULE, ...TESTS, '^scripts/', '^server/db/schema\\.ts$'] },
      to: { path: '^server/modules/[^/]+/', pathNot: ['^server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'shared-imports-nothing-of-console-or-server',
      comment: 'shared/ is used by the console and the server alike: it depends on neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'console-lib-imports-no-store-or-island',
      comment: 'src/lib is the console\'s plain code: stores and islands build on it, not the other way.',
      severity: 'error',
      from: { path: '^src/lib/', pathNot: TESTS },
      to: { path: '^src/(stores|islands)/' },
    },
    {
      name: 'console-components-import-no-island',
      comment: 'Components are the islands\' building blocks: an island\'s code a component needs moves down.',
      severity: 'error',
      from: { path: '^src/components/', pathNot: TESTS },
      to: { path: '^src/islands/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '^dist/', '^data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'] },
    moduleSystems: ['es6', 'cjs'],
    skipAnalysisNotInRules: true,
  },
};
