#!/usr/bin/env node
/**
 * `npm test`: every check, in the order that fails fastest, and the time each took. The three
 * short steps that need nothing built (lint, typecheck) run beside the build, their output held
 * and printed whole as each ends; the long ones (unit, e2e, the packed tarball) run one after
 * another, each using the machine's cores itself, with their output as it comes. The first
 * failing step ends the run with its exit code; the others still running are stopped.
 */
import { spawn } from 'node:child_process';

const GROUPS = [['lint', 'typecheck', 'build'], ['test:unit'], ['test:e2e'], ['test:package']];
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
