// Reads the unit (Vitest JSON) and e2e (Playwright JSON) reports and prints a few readable lines,
// ending with exactly `N passed, N failed`. A report that is missing counts as no tests; a
// non-zero `npm test` with no failing test means a step outside the runners failed (lint,
// typecheck, build, or a runner that could not start), and that counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [unitPath, e2ePath, statusArg = '0'] = process.argv.slice(2);

function readJson(file) {
  if (!file || !existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.log(`${file}: unreadable report (${e.message})`);
    return undefined;
  }
}

function unitCounts(report) {
  if (!report) return { passed: 0, failed: 0, names: [], note: 'no report (the unit step did not run)' };
  const names = [];
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) if (t.status === 'failed') names.push(t.fullName ?? t.title);
    // A file that fails to load has no test results, only a message.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      names.push(`${file.name}: ${String(file.message ?? 'failed to run').split('\n')[0]}`);
    }
  }
  return { passed: report.numPassedTests ?? 0, failed: names.length, names };
}

function e2eCounts(report) {
  if (!report) return { passed: 0, failed: 0, names: [], note: 'no report (the e2e step did not run)' };
  const names = [];
  const flaky = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = [...trail, spec.title].filter(Boolean).join(' › ');
        if (test.status === 'unexpected') names.push(name);
        if (test.status === 'flaky') flaky.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const err of report.errors ?? []) names.push(`error: ${String(err.message ?? '').split('\n')[0]}`);
  const stats = report.stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: Math.max(names.length, stats.unexpected ?? 0), names, flaky };
}

const runners = [
  ['unit', unitCounts(readJson(unitPath))],
  ['e2e', e2eCounts(readJson(e2ePath))],
];
let passed = 0;
let failed = 0;
for (const [label, c] of runners) {
  passed += c.passed;
  failed += c.failed;
  console.log(`${label}: ${c.passed} passed, ${c.failed} failed${c.note ? ` — ${c.note}` : ''}`);
  for (const name of c.names) console.log(`  ✗ ${name}`);
  for (const name of c.flaky ?? []) console.log(`  ~ flaky (passed on its retry): ${name}`);
}
const status = Number(statusArg);
if (status !== 0 && failed === 0) {
  console.log(`npm test exited with code ${status} outside the test runners (see the output above): counted as 1 failure`);
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
