/**
 * The commands `loupe` knows: the one table that bin/loupe.mjs dispatches from and prints as its
 * usage. Other modules in proxy/cli are helpers; only what is listed here can be run, so adding a
 * file there never makes a command by accident.
 */
export interface CliCommand {
  /** How it is called, as the usage shows it. */
  synopsis: string;
  /** One line: what it does. */
  summary: string;
  /** The module that runs it: `run(argv)` resolves to the exit code. */
  load: () => Promise<{ run(argv: string[]): Promise<number> }>;
}

export const COMMANDS: Record<string, CliCommand> = {
  start: {
    synopsis: 'loupe start [--port N] [--host ADDR] [--config-dir DIR] [--session-budget SIZE] [--disk-budget SIZE] [--disk-total SIZE] [--otlp URL]',
    summary: "start the dashboard; prints one URL that carries this launch's access token",
    load: () => import('./start'),
  },
  record: {
    synopsis: "loupe record --out FILE [--otlp URL] [options] (-- COMMAND [ARGS...] | --url URL [--header 'K: V']...)",
    summary: 'handshake, discover tools/resources/prompts, run scripted calls, write the trace',
    load: () => import('./record'),
  },
  check: {
    synopsis: "loupe check [options] [FILE | -- COMMAND [ARGS...] | --url URL [--header 'K: V']... [--probe]]",
    summary: 'analyse a trace or a live server; --format text|json|junit|sarif, --fail-on LEVEL',
    load: () => import('./check'),
  },
  client: {
    synopsis: 'loupe client [options] URL',
    summary: 'a headless MCP client for automation: OAuth, discovery, a scenario, answers by policy, the trace',
    load: () => import('./client'),
  },
  export: {
    synopsis: 'loupe export FILE|SESSION --to trace|html|har|otlp|mermaid [--out FILE]',
    summary: 'convert a trace or a stored session, with secrets redacted by default',
    load: () => import('./export'),
  },
  sessions: {
    synopsis: 'loupe sessions [--json] [--delete ID] [ID --search TEXT] [--config-dir DIR]',
    summary: 'the sessions stored on disk: id, server, source, times, frames, size, clean or not; a text search in one',
    load: () => import('./sessions'),
  },
  diff: {
    synopsis: 'loupe diff A B [--format text|json]',
    summary: 'what changed between two traces: tools, resources, prompts, capabilities, findings',
    load: () => import('./diff'),
  },
  replay: {
    synopsis: 'loupe replay TRACE [--listen HOST:PORT] [--strict]',
    summary: 'serve a recorded session as an MCP server (stdio, or Streamable HTTP with --listen)',
    load: () => import('./replay'),
  },
  tap: {
    synopsis:
      'loupe tap [--name NAME] [--otlp URL] -- COMMAND [ARGS...] | loupe tap --url URL [--listen HOST:PORT] [--otlp URL] | loupe tap install|uninstall --host HOST | loupe tap serve',
    summary: 'record what a real host and its server say to each other (the dashboard shows it live)',
    load: () => import('./tap'),
  },
  import: {
    synopsis: 'loupe import LOG --out FILE [--server NAME]',
    summary: "turn a host's MCP log (Claude Desktop, VS Code) into a trace",
    load: () => import('./import'),
  },
};

/** Names that print the usage rather than run a command. */
export const HELP_NAMES: readonly string[] = ['help', '--help', '-h'];

export function usage(): string {
  const lines = ['loupe: an inspector for MCP servers', ''];
  for (const c of Object.values(COMMANDS)) lines.push(`  ${c.synopsis}`, `        ${c.summary}`);
  lines.push('', 'Run a command with --help for its options.');
  return lines.join('\n');
}

/** The command a name selects; undefined for anything else (a typo, a helper module's name). */
export function findCommand(name: string): CliCommand | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}
