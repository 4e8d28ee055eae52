/**
 * The example project (examples/server-tests) the way its author runs it: in a copy of its own,
 * with `mcp-loupe` installed from the packed tarball (not a path link) beside its other
 * dependencies from the registry, then `playwright test` there. Its report is checked: the specs
 * against the example server and server-everything pass, and the spec that is expected to fail
 * did fail with the redacted trace and a screenshot of the Sequence pane attached.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readTraceText } from '../../lib/trace';

interface Attachment {
  name: string;
  path?: string;
  body?: string;
  contentType: string;
}
interface Result {
  status: string;
  attachments: Attachment[];
  error?: { message?: string };
}
interface Spec {
  title: string;
  tests: Array<{ expectedStatus: string; results: Result[] }>;
}
interface Suite {
  specs?: Spec[];
  suites?: Suite[];
}

/** Copies the example into `work` and installs its dependencies, Loupe from `tarball`; returns its folder. */
export function installExample(example: string, tarball: string, work: string): string {
  const copy = path.join(work, 'server-tests');
  cpSync(example, copy, { recursive: true, filter: (src) => !/[\\/](node_modules|test-results|package-lock\.json)$/.test(src) });
  const manifestFile = path.join(copy, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { devDependencies: Record<string, string> };
  if (!manifest.devDependencies['mcp-loupe']) throw new Error('the example no longer depends on mcp-loupe: update scripts/package-test/example.ts');
  manifest.devDependencies['mcp-loupe'] = `file:${tarball}`;
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (r.status !== 0) throw new Error(`npm install in the example failed (exit ${r.status}):\n${r.stderr}`);
  return copy;
}

/** Runs the example's specs with its own Playwright and checks the report; returns a summary line. */
export function runExample(copy: string, chromium: string, report: string): string {
  const cli = path.join(copy, 'node_modules/@playwright/test/cli.js');
  const env: NodeJS.ProcessEnv = { ...process.env, LOUPE_CHROMIUM: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: report };
  // CI names reporters and a report file for the repository's own e2e run: this run writes its own.
  delete env.PW_TEST_REPORTER;
  const run = spawnSync(process.execPath, [cli, 'test', '--reporter=list,json'], { cwd: copy, env, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`the example's specs failed (exit ${run.status}); see above`);
  return checkReport(report);
}

function checkReport(report: string): string {
  const specs: Spec[] = [];
  const walk = (s: Suite) => {
    specs.push(...(s.specs ?? []));
    (s.suites ?? []).forEach(walk);
  };
  (JSON.parse(readFileSync(report, 'utf8')).suites as Suite[]).forEach(walk);
  const fail = (message: string): never => {
    throw new Error(message);
  };
  const outcome = (title: string) => {
    const spec = specs.find((s) => s.title === title) ?? fail(`the report has no spec "${title}"`);
    return { expected: spec.tests[0].expectedStatus, result: spec.tests[0].results.at(-1)! };
  };
  for (const title of [
    'notes: tools, resource and prompt, no findings, answers fast',
    'server-everything passes the kit',
    'the recorded notes server answers over HTTP as it did',
    "an MCP App: the app's button calls the server through the host",
  ]) {
    const { result } = outcome(title);
    if (result.status !== 'passed') fail(`"${title}" ${result.status}`);
  }
  const broken = outcome('a broken server fails the kit, with the trace attached');
  if (broken.expected !== 'failed' || broken.result.status !== 'failed')
    fail(`the broken server's spec should fail as expected; it was ${broken.result.status} (expected ${broken.expected})`);
  // It must fail where the kit judges the server, naming both faults, not earlier.
  const why = broken.result.error?.message ?? '';
  for (const expected of ['expected no findings at or above error', 'stdio.non-json-line', 'jsonrpc.result-and-error']) {
    if (!why.includes(expected)) fail(`the broken server's spec failed for another reason than its findings (no "${expected}"):\n${why}`);
  }
  const body = (a: Attachment) => (a.path ? readFileSync(a.path) : Buffer.from(a.body ?? '', 'base64'));
  const traceAttachment = broken.result.attachments.find((a) => a.name === 'loupe-trace.ndjson') ?? fail('the failed spec has no loupe-trace.ndjson attached');
  const traceText = body(traceAttachment).toString('utf8');
  const frames = readTraceText(traceText).frames;
  if (!frames.some((f) => f.raw === 'broken-server 0.1 listening on stdio')) fail('the attached trace lacks the banner the server printed on stdout');
  if (!frames.some((f) => f.dir === 'c2s' && f.raw.includes('"ping-back"'))) fail('the attached trace lacks the tools/call');
  if (!frames.some((f) => f.lane === 'stderr' && f.raw.startsWith('using NOTES_API_KEY='))) fail('the attached trace lacks the stderr line with the key');
  if (traceText.includes('sk-example-secret-0123456789')) fail("the attached trace holds the server's secret: it must be redacted");
  const shot =
    broken.result.attachments.find((a) => a.name === 'loupe-sequence.png') ?? fail('the failed spec has no screenshot of the Sequence pane attached');
  if (
    !body(shot)
      .subarray(0, 8)
      .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    fail('loupe-sequence.png is not a PNG');
  return `the example's ${specs.length} specs ran as expected from the tarball; the failed one carries a redacted trace of ${frames.length} frames and a screenshot of the Sequence pane`;
}
