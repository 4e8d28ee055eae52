/**
 * `loupe tap install` and `loupe tap uninstall`: the file work around wrap.ts. Install keeps a
 * byte-for-byte backup and remembers what it wrote; uninstall restores the backup when the file is
 * still exactly as install left it, and otherwise reverses only its own edits, keeping whatever the
 * person changed since. The file is handled as bytes (config-bytes.ts): a byte order mark or a byte
 * that is not UTF-8 survives both ways. A symlinked config is written through and stays a link.
 */
import { createHash } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { decodeConfig, encodeConfig } from './config-bytes';
import { linkOf, replaceFile, restoreLink } from './safe-write';
import { localTapUrl, planInstall, planUninstall, type TapLauncher, type TapListener, type WrapPlan } from './wrap';
import { freeLoopbackPort } from '../../shared/free-port';

export interface InstallRecord {
  configPath: string;
  backupPath: string;
  /** sha256 of the file as install wrote it. */
  writtenSha256: string;
  servers: string[];
  installedAt: string;
  /** When the config was a symlink: what it pointed to, so that uninstall leaves it a link. */
  link?: string;
  /** The host's HTTP servers pointed at a local tap: `loupe tap serve` and the dashboard run these. */
  listeners?: TapListener[];
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function recordsFile(configDir: string): string {
  return path.join(configDir, 'tap-installs.json');
}

async function readRecords(configDir: string): Promise<InstallRecord[]> {
  try {
    return JSON.parse(await readFile(recordsFile(configDir), 'utf8')) as InstallRecord[];
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new Error(`cannot read ${recordsFile(configDir)}: ${(e as Error).message}`);
  }
}

async function writeRecords(configDir: string, records: InstallRecord[]): Promise<void> {
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  await replaceFile(recordsFile(configDir), JSON.stringify(records, null, 2) + '\n');
}

export function unifiedDiff(file: string, before: string, after: string): string {
  return createTwoFilesPatch(file, file, before, after, 'before', 'after', { context: 2 });
}

export interface InstallChange {
  configPath: string;
  plan: WrapPlan;
  /** The file's bytes when the diff was made: install refuses to write if they changed since. */
  before: Buffer;
  /** Whether the file starts with a UTF-8 byte order mark (kept). */
  bom: boolean;
  diff: string;
}

/** Every listener that install recorded, across host configs: what `loupe tap serve` runs. */
export async function installedListeners(configDir: string): Promise<(TapListener & { configPath: string })[]> {
  return (await readRecords(configDir)).flatMap((r) => (r.listeners ?? []).map((l) => ({ ...l, configPath: r.configPath })));
}

export async function prepareInstall(
  configPath: string,
  o: { serversKey: 'mcpServers' | 'servers'; launcher: TapLauncher; only?: string[]; platform: NodeJS.Platform },
  configDir?: string,
): Promise<InstallChange> {
  if (!existsSync(configPath)) throw new Error(`${configPath} does not exist: is the host installed, or is its config elsewhere (--config FILE)?`);
  const before = await readFile(configPath);
  const { text, bom } = decodeConfig(before);
  const known = configDir ? await installedListeners(configDir) : [];
  // Ports are taken now, while free, and kept: the host's config names them from here on.
  const ports: number[] = [];
  for (let i = 0; i < 32; i++) {
    const port = await freeLoopbackPort();
    if (!known.some((l) => l.port === port) && !ports.includes(port)) ports.push(port);
  }
  const plan = planInstall(text, {
    ...o,
    portFor: (server) => {
      const port = ports.shift();
      if (port === undefined) throw new Error(`no free loopback port left for ${server}: tap fewer HTTP servers at once (--server NAME)`);
      return port;
    },
    tappedUrls: new Set(known.filter((l) => l.configPath === configPath).map((l) => localTapUrl(l.upstream, l.port))),
  });
  return { configPath, plan, before, bom, diff: unifiedDiff(configPath, text, plan.text) };
}

export async function commitInstall(change: InstallChange, configDir: string, now = new Date()): Promise<InstallRecord> {
  const records = await readRecords(configDir);
  // A second install on an already tapped file keeps the first backup: that is what was there.
  const earlier = records.find((r) => r.configPath === change.configPath);
  let backupPath = earlier?.backupPath;
  if (!backupPath || !existsSync(backupPath)) {
    const backups = path.join(configDir, 'tap-backups');
    await mkdir(backups, { recursive: true, mode: 0o700 });
    backupPath = path.join(backups, `${now.toISOString().replace(/[:.]/g, '-')}-${path.basename(change.configPath)}`);
    // The exact bytes (through a symlinked config, its target's); never over an existing file.
    await copyFile(change.configPath, backupPath, constants.COPYFILE_EXCL);
  }
  // The file may have changed between the diff shown and now: refuse rather than lose an edit.
  if (!(await readFile(change.configPath)).equals(change.before))
    throw new Error(`${change.configPath} changed while Loupe was preparing the edit: run the command again`);
  const written = encodeConfig({ text: change.plan.text, bom: change.bom });
  const link = earlier ? earlier.link : await linkOf(change.configPath);
  await replaceFile(change.configPath, written);
  const record: InstallRecord = {
    configPath: change.configPath,
    backupPath,
    writtenSha256: sha256(written),
    servers: [...new Set([...(earlier?.servers ?? []), ...change.plan.wrapped])],
    installedAt: earlier?.installedAt ?? now.toISOString(),
    listeners: [...(earlier?.listeners ?? []), ...change.plan.listeners],
    ...(link === undefined ? {} : { link }),
  };
  await writeRecords(configDir, [...records.filter((r) => r !== earlier), record]);
  return record;
}

export interface UninstallResult {
  configPath: string;
  how: 'restored-backup' | 'reversed-edits' | 'nothing-to-do';
  /** After a written restore: the file reads byte for byte as the backup (and is the link it was). */
  exact?: boolean;
  /** The backup a restore came from. */
  backupPath?: string;
  diff: string;
  servers: string[];
  /** The local taps the host no longer uses. */
  listeners: TapListener[];
}

export async function uninstall(configPath: string, serversKey: 'mcpServers' | 'servers', configDir: string, write: boolean): Promise<UninstallResult> {
  const records = await readRecords(configDir);
  const record = records.find((r) => r.configPath === configPath);
  const currentBytes = await readFile(configPath);
  const current = decodeConfig(currentBytes);
  let next: Buffer;
  let how: UninstallResult['how'];
  let servers: string[];
  const listeners = record?.listeners ?? [];
  if (record && sha256(currentBytes) === record.writtenSha256 && existsSync(record.backupPath)) {
    next = await readFile(record.backupPath);
    how = 'restored-backup';
    servers = record.servers;
  } else {
    const plan = planUninstall(current.text, serversKey, listeners);
    next = encodeConfig({ text: plan.text, bom: current.bom });
    how = plan.wrapped.length > 0 ? 'reversed-edits' : 'nothing-to-do';
    servers = plan.wrapped;
  }
  const diff = unifiedDiff(configPath, current.text, decodeConfig(next).text);
  if (!write || how === 'nothing-to-do') return { configPath, how, diff, servers, listeners };
  // A host that saved over a symlinked config made it a file: the restore makes it the link again.
  if (how === 'restored-backup' && record?.link !== undefined) await restoreLink(configPath, record.link);
  await replaceFile(configPath, next);
  await writeRecords(
    configDir,
    records.filter((r) => r !== record),
  );
  const exact = how === 'restored-backup' && (await readFile(configPath)).equals(next) && (await linkOf(configPath)) === record?.link;
  return { configPath, how, exact, backupPath: record?.backupPath, diff, servers, listeners };
}
