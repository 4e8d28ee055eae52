/**
 * `loupe <command> [args]`: what bin/loupe.mjs runs, from its build in dist/cli.mjs. The commands
 * are the table in commands.ts, which both dispatches and makes the usage text; anything else
 * prints the usage and exits 2. Each command's module is a chunk of its own in dist/, loaded only
 * when that command runs, so `loupe tap` (started by a host in front of every server) loads no
 * more than it needs.
 */
import { findCommand, HELP_NAMES, usage } from './commands';

/** Runs the command `argv` names; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...rest] = argv;
  if (HELP_NAMES.includes(name)) {
    console.log(usage());
    return 0;
  }
  const command = findCommand(name);
  if (!command) {
    console.error(`loupe: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  const code = await (await command.load()).run(rest);
  return typeof code === 'number' ? code : 0;
}
