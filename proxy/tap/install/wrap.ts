/**
 * Rewrites a host's MCP config so that chosen stdio servers run through `loupe tap`, and back.
 * Edits are made in place with jsonc-parser, so everything else in the file (other keys, comments,
 * indentation, key order) stays exactly as the person left it.
 */
import { holdsUndecodableBytes } from './config-bytes';
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface TapLauncher {
  /** An absolute command the host can run whatever its PATH: Node itself. */
  command: string;
  /** Arguments before `tap`: the absolute path of Loupe's entry script. */
  prefix: string[];
  /** Where the taps record (the dashboard must read the same folder). */
  configDir: string;
}

/** A host's HTTP server put behind a local tap: the listener `loupe tap serve` and the dashboard run. */
export interface TapListener {
  server: string;
  /** The server's own URL, where the tap passes requests on. */
  upstream: string;
  /** The loopback port the host is pointed at. */
  port: number;
  mode: 'auto' | 'sse' | 'streamable';
}

export interface WrapOptions {
  serversKey: 'mcpServers' | 'servers';
  launcher: TapLauncher;
  /** A free loopback port for each HTTP server tapped (ports already recorded are not reused). */
  portFor?: (server: string) => number;
  /** Only these servers (default: every stdio server). */
  only?: string[];
  /** The host's platform: on Windows, `npx` and friends are `.cmd` scripts that need `cmd /c`. */
  platform: NodeJS.Platform;
  /** Local tap addresses install already gave HTTP servers: such an entry is already tapped. */
  tappedUrls?: ReadonlySet<string>;
}

function urlOf(entry: { url?: unknown; serverUrl?: unknown }): string | undefined {
  const url = entry.url ?? entry.serverUrl;
  return typeof url === 'string' ? url : undefined;
}

export interface WrapPlan {
  text: string;
  wrapped: string[];
  skipped: { name: string; reason: string }[];
  /** The HTTP servers now pointed at a local tap, and where each tap passes requests on. */
  listeners: TapListener[];
}

/** Where a host keeps an HTTP server's address: `url` for most, `serverUrl` for Windsurf. */
const URL_KEYS = ['url', 'serverUrl'] as const;

/** The local address a tapped HTTP server is given: the same path, on a loopback port. */
export function localTapUrl(upstream: string, port: number): string {
  const u = new URL(upstream);
  return `http://127.0.0.1:${port}${u.pathname}${u.search}`;
}

function httpMode(entry: { type?: unknown }, url: string): TapListener['mode'] {
  if (entry.type === 'sse' || /\/sse\/?$/.test(new URL(url).pathname)) return 'sse';
  return entry.type === 'http' || entry.type === 'streamable-http' || entry.type === 'streamableHttp' ? 'streamable' : 'auto';
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
    throw new ConfigError(
      `the file is not valid JSON: ${e ? printParseErrorCode(e.error) : 'empty'} at line ${line}; fix it first, Loupe will not rewrite a file it cannot read`,
    );
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
  return (
    Array.isArray(entry.args) &&
    entry.args.includes('tap') &&
    entry.args.some((a) => typeof a === 'string' && /loupe(\.mjs)?$/.test(a.replace(/\\/g, '/').split('/').pop() ?? ''))
  );
}

export function planInstall(text: string, o: WrapOptions): WrapPlan {
  const root = parse(text);
  const servers = findNodeAtLocation(root, [o.serversKey]);
  if (!servers || servers.type !== 'object') throw new ConfigError(`the file has no "${o.serversKey}" object: no servers to tap`);
  const entries = getNodeValue(servers) as Record<string, { command?: unknown; args?: unknown; url?: unknown; serverUrl?: unknown; type?: unknown }>;
  for (const name of o.only ?? [])
    if (!(name in entries)) throw new ConfigError(`no server named ${JSON.stringify(name)}; the file has ${Object.keys(entries).join(', ') || 'none'}`);
  const plan: WrapPlan = { text, wrapped: [], skipped: [], listeners: [] };
  const fmt = formatting(text);
  for (const [name, entry] of Object.entries(entries)) {
    if (o.only && !o.only.includes(name)) continue;
    if (isTapped(entry) || (o.tappedUrls?.has(urlOf(entry) ?? '') ?? false)) {
      plan.skipped.push({ name, reason: 'already tapped' });
      continue;
    }
    if (typeof entry.command !== 'string') {
      const key = URL_KEYS.find((k) => typeof entry[k] === 'string');
      const url = key ? String(entry[key]) : undefined;
      if (!key || !url || !/^https?:/i.test(url) || !o.portFor) {
        plan.skipped.push({ name, reason: url ? `an HTTP server at ${url} that cannot be tapped (not an http(s) URL)` : 'no command and no URL' });
        continue;
      }
      const port = o.portFor(name);
      plan.text = applyEdits(plan.text, modify(plan.text, [o.serversKey, name, key], localTapUrl(url, port), { formattingOptions: fmt }));
      plan.listeners.push({ server: name, upstream: url, port, mode: httpMode(entry, url) });
      plan.wrapped.push(name);
      continue;
    }
    const original = [entry.command, ...(Array.isArray(entry.args) ? entry.args.map(String) : [])];
    if (original.some(holdsUndecodableBytes)) {
      plan.skipped.push({ name, reason: "its command line holds bytes that are not UTF-8, which Loupe cannot copy into the tap's arguments exactly" });
      continue;
    }
    const viaCmd = o.platform === 'win32' && WINDOWS_CMD_SCRIPTS.has(entry.command.replace(/\.cmd$/i, '').toLowerCase()) ? ['cmd', '/c'] : [];
    const args = [...o.launcher.prefix, 'tap', '--name', name, '--config-dir', o.launcher.configDir, '--', ...viaCmd, ...original];
    for (const [key, value] of [
      ['command', o.launcher.command],
      ['args', args],
    ] as const) {
      plan.text = applyEdits(plan.text, modify(plan.text, [o.serversKey, name, key], value, { formattingOptions: fmt }));
    }
    plan.wrapped.push(name);
  }
  return plan;
}

/** Puts tapped entries back to the command or URL they wrapped (used when the file changed since install). */
export function planUninstall(text: string, serversKey: WrapOptions['serversKey'], listeners: readonly TapListener[] = []): WrapPlan {
  const root = parse(text);
  const servers = findNodeAtLocation(root, [serversKey]);
  const plan: WrapPlan = { text, wrapped: [], skipped: [], listeners: [] };
  if (!servers || servers.type !== 'object') return plan;
  const fmt = formatting(text);
  for (const [name, entry] of Object.entries(
    getNodeValue(servers) as Record<string, { command?: unknown; args?: string[]; url?: unknown; serverUrl?: unknown }>,
  )) {
    const key = URL_KEYS.find((k) => typeof entry[k] === 'string');
    const listener = key && listeners.find((l) => localTapUrl(l.upstream, l.port) === entry[key]);
    if (key && listener) {
      plan.text = applyEdits(plan.text, modify(plan.text, [serversKey, name, key], listener.upstream, { formattingOptions: fmt }));
      plan.listeners.push(listener);
      plan.wrapped.push(name);
      continue;
    }
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
