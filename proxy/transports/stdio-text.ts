/** Words and environment for the stdio transport, kept apart so the transport reads as mechanics. */

/**
 * Variables a server inherits from the proxy. Like MCP hosts, Loupe passes a small, safe set plus
 * the connection's own `env`, not its whole environment: a server that works in Loupe then works
 * in a host, and secrets of the proxy's shell do not leak into every server.
 */
const INHERITED =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'LANG', 'TMPDIR'];

export function childEnvironment(own: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string> = {};
  for (const name of INHERITED) {
    const v = process.env[name];
    // Exported shell functions look like "() {...}"; they are a known injection vector.
    if (v !== undefined && !v.startsWith('()')) env[name] = v;
  }
  return { ...env, ...own } as NodeJS.ProcessEnv;
}

export function describeSpawnError(command: string, err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOENT':
      return `cannot start "${command}": command not found (ENOENT). Check the spelling, give an absolute path, or add its folder to PATH.`;
    case 'EACCES':
      return `cannot start "${command}": permission denied (EACCES). Is the file executable (chmod +x)?`;
    case 'ENOTDIR':
      return `cannot start "${command}": a part of the path is not a directory (ENOTDIR).`;
    default:
      return `cannot start "${command}": ${err.message}`;
  }
}

export function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `the server process was ended by ${signal}`;
  return `the server process exited with code ${code}`;
}

/** A command line for people to read; arguments that need it are quoted (display only, never run). */
export function displayCommand(command: string, args: readonly string[]): string {
  return [command, ...args].map((a) => (a === '' || /[^\w@%+=:,./-]/.test(a) ? JSON.stringify(a) : a)).join(' ');
}

/**
 * The program and its script, without the other arguments (which may hold tokens): what a pid
 * file keeps on disk and what Loupe prints when it ends a group a crash left behind.
 */
export function shortCommand(command: string, args: readonly string[]): string {
  const base = (p: string) => p.split(/[\\/]/).pop() || p;
  const script = args.find((a) => !a.startsWith('-'));
  return displayCommand(base(command), script === undefined ? [] : [base(script)]);
}
