/**
 * Runs the example project (examples/server-tests) the way its author would, `playwright test` in
 * its folder, and checks its report: the specs against the example server and server-everything
 * pass, and the spec that is expected to fail did fail with the redacted trace and a screenshot of
 * the Sequence pane attached. Part of `npm test`, after the page is built.
 *
 * The example depends on Loupe by path (`"loupe": "file:../.."`). Here it runs through the root's
 * node_modules, in a copy outside the repository whose node_modules links each dependency to the
 * root's copy (and Loupe to the root): no network, and one copy of Playwright.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromiumOrExit } from './find-chromium';
import { readTraceText } from '../lib/trace';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const example = path.join(root, 'examples/server-tests');

function fail(message: string): never {
  console.error(`test-example: ${message}`);
  process.exit(1);
}

if (!existsSync(path.join(root, 'out/index.html'))) fail('out/index.html is missing: run npm run build first (npm test does).');
// A copy outside the repository, so no link inside it ever loops back (the page's build scans
// the tree), with node_modules holding what npm would install: Loupe itself (the path dependency)
// and each other dependency linked to the root's copy, so one Playwright runs everything.
const work = mkdtempSync(path.join(tmpdir(), 'loupe-example-'));
const copy = path.join(work, 'server-tests');
cpSync(example, copy, { recursive: true, filter: (src) => !/[\\/](node_modules|test-results)$/.test(src) });
const manifest = JSON.parse(readFileSync(path.join(example, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
  const target = name === 'mcp-loupe' ? root : path.join(root, 'node_modules', name);
  if (!existsSync(target)) fail(`the example needs ${name}, which the root's node_modules lacks: run npm ci`);
  const link = path.join(copy, 'node_modules', name);
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(target, link, 'dir');
}
const cli = path.join(copy, 'node_modules/@playwright/test/cli.js');
const report = path.join(work, 'report.json');
const env: NodeJS.ProcessEnv = { ...process.env, LOUPE_CHROMIUM: findChromiumOrExit(), PLAYWRIGHT_JSON_OUTPUT_FILE: report };
// CI names reporters and a report file for the repository's own e2e run: this run writes its own.
delete env.PW_TEST_REPORTER;
const run = spawnSync(process.execPath, [cli, 'test', '--reporter=list,json'], { cwd: copy, env, stdio: 'inherit' });
if (run.status !== 0) fail(`the example's specs failed (exit ${run.status}); see above`);

interface Attachment { name: string; path?: string; body?: string; contentType: string }
interface Result { status: string; attachments: Attachment[]; error?: { message?: string } }
interface Spec { title: string; tests: Array<{ expectedStatus: string; results: Result[] }> }
interface Suite { specs?: Spec[]; suites?: Suite[] }
const specs: Spec[] = [];
const walk = (s: Suite) => {
  specs.push(...(s.specs ?? []));
  (s.suites ?? []).forEach(walk);
};
(JSON.parse(readFileSync(report, 'utf8')).suites as Suite[]).forEach(walk);

const outcome = (title: string) => {
  const spec = specs.find((s) => s.title === title) ?? fail(`the report has no spec "${title}"`);
  return { expected: spec.tests[0].expectedStatus, result: spec.tests[0].results.at(-1)! };
};
for (const title of ['notes: tools, resource and prompt, no findings, answers fast', 'server-everything passes the kit', 'the recorded notes server answers over HTTP as it did']) {
  const { result } = outcome(title);
  if (result.status !== 'passed') fail(`"${title}" ${result.status}`);
}
const broken = outcome('a broken server fails the kit, with the trace attached');
if (broken.expected !== 'failed' || broken.result.status !== 'failed') fail(`the broken server's spec should fail as expected; it was ${broken.result.status} (expected ${broken.expected})`);
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
if (traceText.includes('sk-example-secret-0123456789')) fail('the attached trace holds the server\'s secret: it must be redacted');
const shot = broken.result.attachments.find((a) => a.name === 'loupe-sequence.png') ?? fail('the failed spec has no screenshot of the Sequence pane attached');
if (!body(shot).subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) fail('loupe-sequence.png is not a PNG');
rmSync(work, { recursive: true, force: true });
console.log(`test-example: ${specs.length} specs as expected; the failed one carries a redacted trace of ${frames.length} frames and a screenshot of the Sequence pane`);
