/**
 * The house rules (decision 0012): which file may import which. `npm run lint:deps` checks the
 * real tree; scripts/boundaries.test.ts proves each rule fails on a planted violation.
 *
 * API (apps/api/src): foundation (lib, db, cache, jobs, metrics) < contexts/platform < plugins <
 * identity < protection < money < games < engagement, service < backoffice < app.ts, node.ts,
 * server.ts (with tracing.ts, which only server.ts loads, and only when tracing is on, before
 * anything else but tracing-settings.ts).
 * A module (contexts/<context>/<module>/) is used by others through its index.ts only.
 * Web (apps/web/src): lib < components < features < app; a feature never imports another.
 * Admin (apps/admin/src): the same; and neither app imports the other.
 */

const API = '^apps/api/src/';
const CONTEXT_ORDER = [
  'platform',
  'identity',
  'protection',
  'money',
  'games',
  ['engagement', 'service'],
  'backoffice',
];

/** Files that only tests run: they may reach into what they test. */
const TEST_FILES = '(\\.test\\.tsx?$|test-support|/test/|\\.test-support\\.ts$|fake-|fixtures?/)';

/** The contexts above `level` (siblings on one level may not import each other either). */
function contextsAbove(level) {
  return CONTEXT_ORDER.slice(level + 1).flat();
}

const layerRules = CONTEXT_ORDER.flatMap((entry, level) => {
  const names = [entry].flat();
  const rules = [
    {
      name: `context-direction-${names.join('-')}`,
      comment: `A context imports only contexts below it: ${names.join(' and ')} may not import ${contextsAbove(level).join(', ') || 'nothing above'}.`,
      severity: 'error',
      from: { path: `${API}contexts/(${names.join('|')})/`, pathNot: TEST_FILES },
      to: { path: `${API}contexts/(${contextsAbove(level).join('|') || '$^'})/` },
    },
  ];
  if (names.length > 1) {
    for (const name of names) {
      rules.push({
        name: `context-siblings-${name}`,
        comment: `${names.join(' and ')} stand side by side: neither imports the other.`,
        severity: 'error',
        from: { path: `${API}contexts/${name}/`, pathNot: TEST_FILES },
        to: { path: `${API}contexts/(${names.filter((other) => other !== name).join('|')})/` },
      });
    }
  }
  return rules;
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-insides',
      comment:
        "A module is used through its index.ts: another module's routes, services, " +
        'repositories and schemas are its own.',
      severity: 'error',
      from: { path: `${API}contexts/([^/]+)/([^/]+)/`, pathNot: TEST_FILES },
      to: {
        path: `${API}contexts/[^/]+/[^/]+/(?![^/]*\\.schema\\.ts$)`,
        pathNot: [`${API}contexts/$1/$2/`, `${API}contexts/[^/]+/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'schema-insides',
      comment:
        "A table's foreign key names another module's table in its schema file; nothing but a " +
        'schema file may import another schema file (repositories read tables a module exports).',
      severity: 'error',
      from: {
        path: `${API}contexts/([^/]+)/([^/]+)/(?![^/]*\\.schema\\.ts$)`,
        pathNot: TEST_FILES,
      },
      to: {
        path: `${API}contexts/[^/]+/[^/]+/[^/]+\\.schema\\.ts$`,
        pathNot: `${API}contexts/$1/$2/`,
      },
    },
    ...layerRules,
    {
      name: 'foundation-stays-below',
      comment:
        'lib, db, cache, jobs and metrics serve every context and know none of them (nor the ' +
        'OpenTelemetry SDK, which tracing.ts loads only when tracing is on).',
      severity: 'error',
      from: { path: `${API}(lib|db|cache|jobs|metrics)/`, pathNot: TEST_FILES },
      to: { path: `${API}(contexts|plugins|app\\.ts|node\\.ts|server\\.ts|tracing\\.ts)` },
    },
    {
      name: 'plugins-below-identity',
      comment: 'The HTTP plugins know the platform (brands) and nothing above it.',
      severity: 'error',
      from: { path: `${API}plugins/`, pathNot: TEST_FILES },
      to: { path: `${API}(contexts/(?!platform/)|app\\.ts|node\\.ts|server\\.ts|tracing\\.ts)` },
    },
    {
      name: 'tracing-from-server-only',
      comment:
        'Only server.ts loads tracing.ts, and so the OpenTelemetry SDK, when tracing is on; ' +
        'other files import its types only (decision 0028).',
      severity: 'error',
      from: { path: API, pathNot: [`${API}server\\.ts$`, TEST_FILES] },
      to: { path: `${API}tracing\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-starts-tracing-first',
      comment:
        'server.ts imports only tracing-settings.ts before it starts tracing; the node (and with ' +
        'it pg, ioredis, node:http) only dynamically, after, so that the hooks see them load ' +
        '(decision 0028).',
      severity: 'error',
      from: { path: `${API}server\\.ts$` },
      to: {
        pathNot: `${API}tracing-settings\\.ts$`,
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'platform-below-plugins',
      comment: 'The platform context sits under the HTTP plugins.',
      severity: 'error',
      from: { path: `${API}contexts/platform/`, pathNot: TEST_FILES },
      to: { path: `${API}plugins/` },
    },
    {
      name: 'web-features-apart',
      comment:
        'A web feature never imports another: they compose in app/, and what two share lives ' +
        'in components/ or lib/ (bulletproof-react).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'components/ and lib/ serve the features and the app, and import neither.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/', pathNot: TEST_FILES },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-and-admin-apart',
      comment:
        'The member site and the operator console share nothing but packages/: neither imports ' +
        "the other's code (decision 0014).",
      severity: 'error',
      from: { path: '^apps/(web|admin)/' },
      to: { path: '^apps/(web|admin)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'admin-features-apart',
      comment:
        'A console feature never imports another: they compose in app/features.ts, and what two ' +
        'share lives in components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/admin/src/features/([^/]+)/' },
      to: { path: '^apps/admin/src/features/', pathNot: '^apps/admin/src/features/$1/' },
    },
    {
      name: 'admin-shared-below-features',
      comment:
        "The console's components/ and lib/ serve its features and app/, and import neither.",
      severity: 'error',
      from: { path: '^apps/admin/src/(components|lib)/', pathNot: TEST_FILES },
      to: { path: '^apps/admin/src/(features|app)/' },
    },
    {
      name: 'packages-stand-alone',
      comment: 'The shared packages never import an app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
