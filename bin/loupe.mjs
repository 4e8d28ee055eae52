#!/usr/bin/env node
// Entry point for `loupe <command>`. The commands are the table in proxy/cli/commands.ts, which
// both dispatches and makes the usage text; anything else prints the usage and exits 2.
// TypeScript is loaded through tsx, so there is no separate compile step for the proxy and the CLI.
// `loupe start` (which relays every message of the dashboard) and `loupe tap` (which a host starts
// with every server) run from a prebuilt bundle instead when they can (proxy/cli/prebuilt.mjs):
// code loaded through tsx is slower to start and slower to run.
const [name = 'help', ...argv] = process.argv.slice(2);

const prebuilt = await (await import('../proxy/cli/prebuilt.mjs')).loadPrebuilt(name);
if (prebuilt) {
  process.exitCode = await prebuilt(argv);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { findCommand, usage, HELP_NAMES } = await import('../proxy/cli/commands.ts');
  if (HELP_NAMES.includes(name)) {
    console.log(usage());
  } else {
    const command = findCommand(name);
    if (!command) {
      console.error(`loupe: unknown command '${name}'\n\n${usage()}`);
      process.exitCode = 2;
    } else {
      const code = await (await command.load()).run(argv);
      process.exitCode = typeof code === 'number' ? code : 0;
    }
  }
}
