/**
 * Rewrites a host's MCP config so that chosen stdio servers run through `loupe tap`, and back.
 * Edits are made in place with jsonc-parser, so everything else in the file (other keys, comments,
 * indentation, key order) stays exactly as the person left it.
 */
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface TapLauncher {
  /** An absolute command the host can run whatever its PATH: Node itself. */
  command: string;
  /** Arguments before `tap`: the absolute path of Loupe's entry script. */
  prefix: string[];
  /** Where the taps record (the dashboard must read the same folder). */
  configDir: string;
}

export interface WrapOptions {
  serversKey: 'mcpServers' | 'servers';
  launcher: TapLauncher;
  /** Only these servers (default: every stdio server). */
  only?: string[];
  /** The host's platform: on Windows, `npx` and friends are `.cmd` scripts that need `cmd /c`. */
  platform: NodeJS.Platform;
}

export interface WrapPlan {
  text: string;
  wrapped: string[];
  skipped: { name: string; reason: string }[];
}

/** Scripts that are `.cmd` files on Windows and cannot be spawned without a shell there. */
const WINDOWS_CMD_SCRIPTS = new Set(['npx', 'npm', 'pnpm', 'pnpx', 'yarn', 'bunx', 'corepack']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parse(text: string): Node {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root) {
    const e = errors[0];
    const line = e ? text.slice(0, e.offset).split('\n').length : 1;
    throw new ConfigError(`the file is not valid JSON: ${e ? printParseErrorCode(e.error) : 'empty'} at line ${line}; fix it first, Loupe will not rewrite a file it cannot read`);
  }
  if (root.type !== 'object') throw new ConfigError('the file is not a JSON object');
  return root;
}

function formatting(text: string) {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** True when an entry already runs through a Loupe tap. */
export function isTapped(entry: { command?: unknown; args?: unknown }): boolean {
  return Array.isArray(entry.args) && entry.args.includes('tap') && entry.args.some((a) => typeof a === 'string' && /loupe(\.mjs)?$/.test(a.replace(/\\/g, '/').split('/').pop() ?? ''));
}

export function planInstall(text: string, o: WrapOptions): WrapPlan {
  const root = parse(text);
  const servers = findNodeAtLocation(root, [o.serversKey]);
  if (!servers || servers.type !== 'object') throw new ConfigError(`the file has no "${o.serversKey}" object: no servers to tap`);
  const entries = getNodeValue(servers) as Record<string, { command?: unknown; args?: unknown; url?: unknown; serverUrl?: unknown; type?: unknown }>;
  for (const name of o.only ?? []) if (!(name in entries)) throw new ConfigError(`no server named ${JSON.stringify(name)}; the file has ${Object.keys(entries).join(', ') || 'none'}`);
  const plan: WrapPlan = { text, wrapped: [], skipped: [] };
  const fmt = formatting(text);
  for (const [name, entry] of Object.entries(entries)) {
    if (o.only && !o.only.includes(name)) continue;
    if (isTapped(entry)) {
      plan.skipped.push({ name, reason: 'already tapped' });
      continue;
    }
    if (typeof entry.command !== 'string') {
      const url = entry.url ?? entry.serverUrl;
      plan.skipped.push({ name, reason: typeof url === 'string' ? `an HTTP server (${url}): tap it with loupe tap --url and point the host at the tap's address` : 'no command' });
      continue;
    }
    const original = [entry.command, ...(Array.isArray(entry.args) ? entry.args.map(String) : [])];
    const viaCmd = o.platform === 'win32' && WINDOWS_CMD_SCRIPTS.has(entry.command.replace(/\.cmd$/i, '').toLowerCase()) ? ['cmd', '/c'] : [];
    const args = [...o.launcher.prefix, 'tap', '--name', name, '--config-dir', o.launcher.configDir, '--', ...viaCmd, ...original];
    for (const [key, value] of [['command', o.launcher.command], ['args', args]] as const) {
      plan.text = applyEdits(plan.text, modify(plan.text, [o.serversKey, name, key], value, { formattingOptions: fmt }));
    }
    plan.wrapped.push(name);
  }
  return plan;
}

/** Puts tapped entries back to the command they wrapped (used when the file changed since install). */
export function planUninstall(text: string, serversKey: WrapOptions['serversKey']): WrapPlan {
  const root = parse(text);
  const servers = findNodeAtLocation(root, [serversKey]);
  const plan: WrapPlan = { text, wrapped: [], skipped: [] };
  if (!servers || servers.type !== 'object') return plan;
  const fmt = formatting(text);
  for (const [name, entry] of Object.entries(getNodeValue(servers) as Record<string, { command?: unknown; args?: string[] }>)) {
    if (!isTapped(entry) || !entry.args) continue;
    let original = entry.args.slice(entry.args.indexOf('--') + 1);
    if (original[0] === 'cmd' && original[1] === '/c') original = original.slice(2);
    if (original.length === 0) {
      plan.skipped.push({ name, reason: 'the tapped entry names no server command' });
      continue;
    }
    plan.text = applyEdits(plan.text, modify(plan.text, [serversKey, name, 'command'], original[0], { formattingOptions: fmt }));
    plan.text = applyEdits(plan.text, modify(plan.text, [serversKey, name, 'args'], original.slice(1), { formattingOptions: fmt }));
    plan.wrapped.push(name);
  }
  return plan;
}
