/**
 * `loupe tap install` / `loupe tap uninstall`: put a host's stdio servers behind `loupe tap`, and
 * take them back out. The diff is shown first; nothing is written without --yes (or a "y" at the
 * prompt when a person is at the terminal).
 */
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { inNpxCache, LOUPE_BIN } from '../loupe-command';
import { parseOwnArgs, UsageError } from './shared/args';
import { resolveConfigDir } from '../config/paths';
import { HOST_IDS, HOSTS, type HostId } from '../tap/install/hosts';
import { commitInstall, prepareInstall, uninstall } from '../tap/install/install';
import { ConfigError, localTapUrl } from '../tap/install/wrap';

/**
 * A host config names the absolute path of this Loupe. Run through `npx`, that path is in npm's
 * cache, which npm may clear at any time: the host's servers would then fail to start.
 */
export function npxCacheWarning(bin: string): string | undefined {
  if (!inNpxCache(bin)) return undefined;
  return `loupe: this Loupe runs from npx's cache (${path.dirname(path.dirname(bin))}), which npm may clear; the host's config would then name a program that is gone. Install it first (npm install -g mcp-loupe), then run loupe tap install again from that install.`;
}

export const INSTALL_USAGE = `usage: loupe tap install --host HOST [--server NAME]... [--config FILE] [--config-dir DIR] [--yes]
       loupe tap uninstall --host HOST [--config FILE] [--config-dir DIR] [--yes]

Rewrites HOST's MCP config so that its servers (all, or each --server) go through loupe tap,
after showing the diff: a stdio server's command becomes loupe tap -- COMMAND; an HTTP server's URL
becomes a local tap address (127.0.0.1, a port chosen now and kept), which the dashboard
(loupe start) serves while it runs, and loupe tap serve otherwise. A backup is kept in the config
dir; uninstall puts back exactly what was there (or, if the file changed since, undoes only
Loupe's edits).

  --host HOST        ${HOST_IDS.join(', ')}
  --config FILE      a config file elsewhere (a project's .mcp.json, .cursor/mcp.json, .vscode/mcp.json)
  --server NAME      only this server (repeatable)
  --config-dir DIR   Loupe's config dir, where taps record and backups are kept
  --yes              write without asking`;

async function confirm(yes: boolean | undefined, question: string): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    console.log('nothing written: run again with --yes to apply these changes');
    return false;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export async function runInstall(action: 'install' | 'uninstall', argv: string[]): Promise<number> {
  let values;
  try {
    values = parseOwnArgs(argv, {
      host: { type: 'string' },
      config: { type: 'string' },
      server: { type: 'string', multiple: true },
      'config-dir': { type: 'string' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
    }).values;
    if (values.help) {
      console.log(INSTALL_USAGE);
      return 0;
    }
    if (!values.host) throw new UsageError(`--host is required: one of ${HOST_IDS.join(', ')}`);
    if (!HOST_IDS.includes(values.host as HostId)) throw new UsageError(`unknown host '${values.host}': one of ${HOST_IDS.join(', ')}`);
  } catch (e) {
    console.error(`loupe tap ${action}: ${(e as Error).message}\n\n${INSTALL_USAGE}`);
    return 2;
  }
  const host = HOSTS[values.host as HostId];
  const configDir = resolveConfigDir(values['config-dir']);
  const configPath = path.resolve(values.config ?? host.configPath({ platform: process.platform, home: os.homedir(), env: process.env }));
  try {
    if (action === 'uninstall') {
      const preview = await uninstall(configPath, host.serversKey, configDir, false);
      if (preview.how === 'nothing-to-do') {
        console.log(`${configPath}: no server of ${host.label} runs through loupe tap`);
        return 0;
      }
      console.log(preview.diff);
      if (!(await confirm(values.yes, `Restore ${configPath}?`))) return 0;
      const done = await uninstall(configPath, host.serversKey, configDir, true);
      if (done.how === 'reversed-edits') console.log(`${configPath} changed since install: undid only the tap entries (${done.servers.join(', ')})`);
      // "Exactly" is claimed only once the bytes read back equal the backup's.
      else if (done.exact) console.log(`restored ${configPath} exactly as it was before install`);
      else
        console.log(
          `restored ${configPath} from the backup taken at install, but it does not read back exactly as that backup: compare it with ${done.backupPath}`,
        );
      return 0;
    }
    const fromNpx = npxCacheWarning(LOUPE_BIN);
    if (fromNpx) console.error(fromNpx);
    const change = await prepareInstall(
      configPath,
      {
        serversKey: host.serversKey,
        only: values.server,
        platform: process.platform,
        launcher: { command: process.execPath, prefix: [LOUPE_BIN], configDir },
      },
      configDir,
    );
    for (const s of change.plan.skipped) console.log(`skipping ${s.name}: ${s.reason}`);
    if (change.plan.wrapped.length === 0) {
      console.log(`${configPath}: nothing to tap`);
      return 0;
    }
    console.log(change.diff);
    if (!(await confirm(values.yes, `Write ${configPath}?`))) return 0;
    const record = await commitInstall(change, configDir);
    console.log(
      `tapped ${change.plan.wrapped.join(', ')} in ${configPath}; backup at ${record.backupPath}. Restart ${host.label} to use it; undo with: loupe tap uninstall --host ${host.id}${values.config ? ` --config ${values.config}` : ''}`,
    );
    for (const l of change.plan.listeners) {
      console.log(
        `${l.server} (HTTP) now points at ${localTapUrl(l.upstream, l.port)}, which passes every request on to ${l.upstream}. The dashboard (loupe start) serves that address while it runs; otherwise run: loupe tap serve${values['config-dir'] ? ` --config-dir ${values['config-dir']}` : ''}`,
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`loupe tap ${action}: ${configPath}: ${e.message}`);
      return 2;
    }
    console.error(`loupe tap ${action}: ${(e as Error).message}`);
    return 1;
  }
}
