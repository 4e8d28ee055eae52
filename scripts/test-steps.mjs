#!/usr/bin/env node
/**
 * `npm test`: every check, and the time each took. The build comes first (the unit tests run the
 * built CLI, the end-to-end tests the built page); lint and the typecheck, short and reading only
 * sources, run beside the unit tests, their output held and printed whole as each ends, while the
 * first step of a group streams. The end-to-end tests and the packed tarball follow one after
 * another: each uses the machine's cores itself, and packing rebuilds what e2e is serving. The
 * first failing step ends the run with its exit code; the others still running are stopped.
 */
import { spawn } from 'node:child_process';

const GROUPS = [['build'], ['test:unit', 'lint', 'typecheck'], ['test:e2e'], ['test:package']];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const running = new Set();
const times = [];

function step(name, { stream }) {
  const started = performance.now();
  const child = spawn(npm, ['run', name], { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let held = '';
  if (!stream) for (const pipe of [child.stdout, child.stderr]) pipe.on('data', (c) => (held += c));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      times.push({ name, seconds, code });
      if (!stream) process.stdout.write(held);
      console.log(`\n--- npm run ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(1)} s ---\n`);
      resolve(code ?? 1);
    });
  });
}

function summary() {
  console.log('npm test, step by step:');
  for (const t of times) console.log(`  ${t.name.padEnd(13)} ${t.seconds.toFixed(1).padStart(7)} s  ${t.code === 0 ? 'passed' : 'FAILED'}`);
}

const started = performance.now();
for (const group of GROUPS) {
  const codes = await Promise.all(
    group.map((name) =>
      step(name, { stream: group.length === 1 }).then((code) => {
        // A failure stops what still runs beside it: its result would not be used.
        if (code !== 0) for (const child of running) child.kill('SIGTERM');
        return code;
      }),
    ),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    summary();
    process.exit(failed);
  }
}
summary();
console.log(`  ${'all'.padEnd(13)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
