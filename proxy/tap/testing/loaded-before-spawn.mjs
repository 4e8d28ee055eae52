// Preloaded (`node --import`) into a process under test: every module it resolves is noted, and
// when it first spawns a process, the list so far is appended to $LOUPE_TEST_LOADED_LOG as one
// JSON line. Tells what a command loaded before it started a server.
import childProcess from 'node:child_process';
import { appendFileSync } from 'node:fs';
import module from 'node:module';

const log = process.env.LOUPE_TEST_LOADED_LOG;
if (!log) throw new Error('loaded-before-spawn.mjs: set LOUPE_TEST_LOADED_LOG to the file to write');
if (typeof module.registerHooks !== 'function')
  throw new Error(`loaded-before-spawn.mjs: Node ${process.version} has no module.registerHooks (22.15 or newer)`);
const loaded = [];
module.registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    loaded.push(resolved.url);
    return resolved;
  },
});
const spawn = childProcess.spawn;
childProcess.spawn = function (command, ...rest) {
  appendFileSync(log, JSON.stringify({ command, loaded }) + '\n');
  return spawn.call(this, command, ...rest);
};
// Named imports of node:child_process see the wrapper too.
module.syncBuiltinESMExports();
