/**
 * What each folder may import, checked by `npm run deps` (part of `npm test`). The table below is
 * the rule: a folder imports its own files, the folders it lists, and packages; nothing else. Read
 * it bottom-up: lib/text and lib/mcp know nothing of the rest, lib/browser and the proxy sit on top
 * of the pure lib, the page's components on top of lib/browser, and nothing imports a test, a
 * script or an end-to-end spec back. docs/architecture.md explains the layers.
 *
 * Besides the table: no import cycles anywhere; lib/ stays pure (outside lib/browser: no Node
 * built-ins, React, Next, ws or zustand; lib/browser: no Node built-ins, Next or ws); the page
 * (components/, app/) uses no Node built-ins.
 */

const esc = (s) => s.replace(/[.]/g, '[.]');

/** The pure lib folders, which the proxy, the CLI and the page all share. */
const PURE_LIB = [
  'lib',
  'lib/text',
  'lib/mcp',
  'lib/analyze',
  'lib/model',
  'lib/wire',
  'lib/trace',
  'lib/view',
  'lib/render',
  'lib/diff',
  'lib/gates',
  'lib/replay',
  'lib/client',
  'lib/doctor',
];
const ALL_LIB = [...PURE_LIB, 'lib/browser'];

/** Folder -> the other folders its code may import. `lib` is lib/'s own top-level files. */
const MAY_IMPORT = {
  lib: ['package.json'],
  'lib/text': [],
  'lib/mcp': ['lib/text'],
  'lib/analyze': ['lib/mcp', 'lib/text'],
  'lib/model': ['lib/mcp', 'lib/analyze'],
  'lib/wire': ['lib/mcp'],
  'lib/trace': ['lib/mcp', 'lib/wire', 'lib/text'],
  'lib/view': ['lib/mcp', 'lib/analyze', 'lib/model', 'lib/text'],
  'lib/render': ['lib', 'lib/trace', 'lib/view', 'lib/model', 'lib/mcp', 'lib/analyze', 'lib/text'],
  'lib/diff': ['lib/trace', 'lib/model', 'lib/analyze', 'lib/mcp', 'lib/text'],
  'lib/gates': ['lib/diff', 'lib/model', 'lib/view', 'lib/analyze', 'lib/mcp'],
  'lib/replay': ['lib/diff', 'lib/mcp'],
  'lib/client': ['lib/wire', 'lib/mcp', 'lib/text'],
  'lib/doctor': ['lib/model', 'lib/view', 'lib/analyze', 'lib/mcp', 'lib/text'],
  'lib/browser': PURE_LIB,
  components: ALL_LIB,
  app: ['components', ...ALL_LIB],
  proxy: PURE_LIB,
  bin: ['proxy'],
  test: ['proxy'],
  scripts: ['proxy', ...PURE_LIB],
  e2e: ['proxy', 'scripts', 'components', 'test', ...ALL_LIB],
  // The example is a separate package: it reaches Loupe only through `mcp-loupe/test` (test/).
  examples: ['test'],
  // Configuration files at the top of the repository.
  '.': ['scripts'],
};

/**
 * The proxy's rooms: subfolder -> the other proxy folders its shipped code may import (each may
 * also import the pure lib, per `proxy` above). `proxy/.` is proxy/'s own top-level files. Read
 * bottom-up: shared knows no one; transports know no session, tap or CLI; sessions know no page
 * server; OAuth, replay and the test kit know no page server; the CLI sits on top of everything.
 * Tests and their support files (test-support.ts, testing/, *-testing.ts) may import any room.
 */
const PROXY_ROOMS = {
  'proxy/.': [],
  'proxy/shared': [],
  'proxy/transports': ['proxy/shared'],
  'proxy/config': ['proxy/shared'],
  // Sessions kept on disk: segment files and their index, written as frames are recorded.
  'proxy/store': ['proxy/shared'],
  'proxy/oauth': ['proxy/shared', 'proxy/transports', 'proxy/config'],
  'proxy/sessions': ['proxy/shared', 'proxy/transports', 'proxy/oauth', 'proxy/store'],
  'proxy/trace': ['proxy/sessions'],
  'proxy/replay': ['proxy/shared'],
  // Live OpenTelemetry export of sessions' frames: it reads sessions (redacted as their exports
  // are), and the tap and the CLI use it.
  'proxy/telemetry': ['proxy/sessions', 'proxy/trace'],
  'proxy/tap': ['proxy/shared', 'proxy/transports', 'proxy/sessions', 'proxy/telemetry', 'proxy/store'],
  'proxy/testkit': ['proxy/.'],
  // The page's History lists, opens, exports and deletes stored sessions (server/history.ts).
  'proxy/server': ['proxy/.', 'proxy/shared', 'proxy/config', 'proxy/oauth', 'proxy/sessions', 'proxy/tap', 'proxy/trace', 'proxy/store'],
  'proxy/cli': [
    'proxy/.',
    'proxy/shared',
    'proxy/config',
    'proxy/oauth',
    'proxy/replay',
    'proxy/server',
    'proxy/sessions',
    'proxy/store',
    'proxy/tap',
    'proxy/telemetry',
    'proxy/transports',
    'proxy/trace',
  ],
  'proxy/analyze': [],
};
const roomFiles = (room) => (room === 'proxy/.' ? '^proxy/[^/]+$' : `^${esc(room)}/`);
const TEST_SUPPORT = '(^|/)(test-support[.]ts|modern-testing[.]ts|testing[.]ts|testing/|[^/]+[.]fixture[.]ts)';

/** What a test (`*.test.ts`, `*.spec.ts`) may import besides its folder's table: the code it
 *  checks against (a lib test may use any pure lib folder) and the recorded data in e2e/. */
const TESTS_MAY_ALSO_IMPORT = {
  'lib/browser': ['e2e/golden', 'e2e/fixtures'],
  components: ['e2e/golden', 'e2e/fixtures'],
  // The redaction matrix renders the page's own exports to prove every output is redacted alike.
  proxy: ['components', 'lib/view', 'e2e/golden', 'e2e/fixtures'],
  scripts: ['e2e/golden', 'e2e/fixtures'],
};
for (const folder of PURE_LIB) TESTS_MAY_ALSO_IMPORT[folder] = [...PURE_LIB, 'e2e/golden', 'e2e/fixtures'];

const TEST_FILE = '[.](test|spec)[.]tsx?$';
/** A file of this folder (for `lib`, lib/'s own top-level files only). */
function filesOf(folder) {
  if (folder === '.') return '^[^/]+$';
  if (folder === 'lib') return '^lib/[^/]+$';
  if (folder === 'package.json') return '^package[.]json$';
  return `^${esc(folder)}/`;
}
const anyOf = (folders) => (folders.length ? folders.map(filesOf) : ['^$']);

const allowed = [
  // Packages and Node built-ins; the forbidden rules below say which ones a folder may not use.
  { from: {}, to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled'] } },
  // A folder's own files (lib/'s subfolders each count as a folder).
  { from: { path: '^(lib/[^/]+)/' }, to: { path: '^$1/' } },
  { from: { path: '^(?!lib/|proxy/)([^/]+)/' }, to: { path: '^$1/' } },
  // The proxy's rooms: a room's own files, the rooms its row lists, and for tests and their
  // support files every room.
  { from: { path: '^(proxy/[^/]+)/' }, to: { path: '^$1/' } },
  { from: { path: '^proxy/[^/]+$' }, to: { path: '^proxy/[^/]+$' } },
  ...Object.entries(PROXY_ROOMS).map(([room, rooms]) => ({ from: { path: roomFiles(room) }, to: { path: rooms.length ? rooms.map(roomFiles) : ['^$'] } })),
  { from: { path: [`^proxy/.*${TEST_FILE}`, `^proxy/.*${TEST_SUPPORT}`] }, to: { path: '^proxy/' } },
  { from: { path: '^lib/[^/]+$' }, to: { path: '^lib/[^/]+$' } },
  ...Object.entries(MAY_IMPORT).map(([folder, deps]) => ({ from: { path: filesOf(folder) }, to: { path: anyOf(deps) } })),
  ...Object.entries(TESTS_MAY_ALSO_IMPORT).map(([folder, deps]) => ({ from: { path: [`${filesOf(folder)}.*${TEST_FILE}`] }, to: { path: anyOf(deps) } })),
  // Golden traces and host logs that lib's tests read as text through the bundler (`?raw`).
  { from: { path: TEST_FILE }, to: { couldNotResolve: true, path: '[?]raw$' } },
];

const NODE_FREE = '^(lib|components|app)/';
const forbidden = [
  { name: 'no-cycles', severity: 'error', comment: 'Import cycles make load order matter and layers meaningless.', from: {}, to: { circular: true } },
  {
    name: 'pure-lib-no-node',
    severity: 'error',
    comment: 'lib/ and the page run in the browser and the CLI alike: no Node built-ins.',
    from: { path: NODE_FREE },
    to: { dependencyTypes: ['core'] },
  },
  {
    name: 'pure-lib-no-ui',
    severity: 'error',
    comment: 'Outside lib/browser, lib/ has no React, Next, zustand or sockets.',
    from: { path: '^lib/', pathNot: '^lib/browser/' },
    to: { path: '^node_modules/(react|react-dom|next|zustand|ws)/' },
  },
  {
    name: 'browser-no-server',
    severity: 'error',
    comment: 'lib/browser runs in the page: no Next server code or ws.',
    from: { path: '^lib/browser/' },
    to: { path: '^node_modules/(next|ws)/' },
  },
  {
    name: 'resolvable',
    severity: 'error',
    comment: 'An import that resolves to nothing is a typo or a missing dependency.',
    from: {},
    to: { couldNotResolve: true, pathNot: '[?]raw$' },
  },
];

module.exports = {
  forbidden,
  allowed,
  allowedSeverity: 'error',
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|[.]next|out|dist|test-results|playwright-report|bench-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
