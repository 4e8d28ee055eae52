/**
 * Where each MCP host keeps its server list, and under which key. Paths follow each host's own
 * documentation for Linux, macOS and Windows; a project-level file is reached with --config.
 */
import path from 'node:path';

export type HostId = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode' | 'windsurf';

export interface HostPlace {
  platform: NodeJS.Platform;
  home: string;
  env: Record<string, string | undefined>;
}

export interface HostInfo {
  id: HostId;
  label: string;
  /** The key of the object that maps server names to entries. */
  serversKey: 'mcpServers' | 'servers';
  /** The user-level config file. */
  configPath(p: HostPlace): string;
  /** Whether the file may hold comments and trailing commas (VS Code's JSONC). */
  jsonc: boolean;
}

function appData(p: HostPlace): string {
  return p.env.APPDATA || path.win32.join(p.home, 'AppData', 'Roaming');
}

/** XDG_CONFIG_HOME as the XDG spec reads it: empty counts as unset, and a relative path is ignored. */
function xdgConfigHome(p: HostPlace): string | undefined {
  const dir = p.env.XDG_CONFIG_HOME;
  return dir && path.posix.isAbsolute(dir) ? dir : undefined;
}

function join(p: HostPlace, ...parts: string[]): string {
  return (p.platform === 'win32' ? path.win32 : path.posix).join(...parts);
}

/** The folder where desktop apps keep settings: Application Support, %APPDATA%, or XDG. */
function appConfigDir(p: HostPlace): string {
  if (p.platform === 'darwin') return join(p, p.home, 'Library', 'Application Support');
  if (p.platform === 'win32') return appData(p);
  return xdgConfigHome(p) ?? join(p, p.home, '.config');
}

export const HOSTS: Record<HostId, HostInfo> = {
  'claude-desktop': {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    serversKey: 'mcpServers',
    jsonc: false,
    configPath: (p) => join(p, appConfigDir(p), 'Claude', 'claude_desktop_config.json'),
  },
  'claude-code': { id: 'claude-code', label: 'Claude Code', serversKey: 'mcpServers', jsonc: false, configPath: (p) => join(p, p.home, '.claude.json') },
  cursor: { id: 'cursor', label: 'Cursor', serversKey: 'mcpServers', jsonc: false, configPath: (p) => join(p, p.home, '.cursor', 'mcp.json') },
  vscode: { id: 'vscode', label: 'VS Code', serversKey: 'servers', jsonc: true, configPath: (p) => join(p, appConfigDir(p), 'Code', 'User', 'mcp.json') },
  windsurf: {
    id: 'windsurf',
    label: 'Windsurf',
    serversKey: 'mcpServers',
    jsonc: false,
    configPath: (p) => join(p, p.home, '.codeium', 'windsurf', 'mcp_config.json'),
  },
};

export const HOST_IDS = Object.keys(HOSTS) as HostId[];
