#!/usr/bin/env node
/**
 * `npm test`: every check, and the time each took. The build comes first (the unit tests run the
 * built CLI, the end-to-end tests the built page, the package test packs it). Then the unit tests,
 * beside them one after another lint, the typecheck and the packed tarball (short steps, much of
 * the package's time waiting on npm and child processes): a chain beside the unit tests rather
 * than a step each, so that they do not all compete for the cores at once. The chain's output is
 * held and printed whole as each step ends, while the unit tests stream. The end-to-end tests come
 * last, alone: they use the machine's cores themselves. The first failing step ends the run with
 * its exit code; the others still running are stopped.
 */
import { spawn } from 'node:child_process';

/** Each group runs after the one before; in a group, its chains side by side, each chain's steps in turn. */
const GROUPS = [[['build']], [['test:unit'], ['lint', 'typecheck', 'test:package']], [['test:e2e']]];
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
  let failed;
  await Promise.all(
    group.map(async (chain, i) => {
      for (const name of chain) {
        if (failed !== undefined) return;
        const code = await step(name, { stream: i === 0 });
        if (code !== 0 && failed === undefined) {
          // A failure stops what still runs beside it: its result would not be used.
          failed = code;
          for (const child of running) child.kill('SIGTERM');
        }
        if (code !== 0) return;
      }
    }),
  );
  if (failed !== undefined) {
    summary();
    process.exit(failed);
  }
}
summary();
console.log(`  ${'all'.padEnd(13)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
