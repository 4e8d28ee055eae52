import os from 'node:os';
import path from 'node:path';

/** Where Loupe keeps its connections: --config-dir wins over LOUPE_CONFIG_DIR, else ~/.config/loupe. */
export function resolveConfigDir(flag?: string, env: Record<string, string | undefined> = process.env): string {
  const chosen = flag || env.LOUPE_CONFIG_DIR;
  if (chosen) return path.resolve(chosen);
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg ? path.resolve(xdg) : path.join(os.homedir(), '.config'), 'loupe');
}

export function connectionsFile(configDir: string): string {
  return path.join(configDir, 'connections.json');
}
