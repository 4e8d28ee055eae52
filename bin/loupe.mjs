#!/usr/bin/env node
// Entry point for `loupe <command>`. The commands are the table in proxy/cli/commands.ts, which
// both dispatches and makes the usage text; anything else prints the usage and exits 2.
// TypeScript is loaded through tsx, so there is no separate compile step for the proxy and the CLI;
// `loupe tap`, which a host starts with every server, runs from a prebuilt bundle instead when it
// can (proxy/cli/tap-prebuilt.mjs), since loading through tsx would add to each server's start.
const [name = 'help', ...argv] = process.argv.slice(2);

const prebuiltTap = name === 'tap' ? await (await import('../proxy/cli/tap-prebuilt.mjs')).loadPrebuiltTap() : undefined;
if (prebuiltTap) {
  process.exitCode = await prebuiltTap(argv);
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
