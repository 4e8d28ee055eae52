/**
 * The installed package's figures: what a user waits for and carries. The tarball's size and files,
 * `npm install --omit=dev` of it (seconds and node_modules on disk), `loupe start` until it prints
 * its URL (median of 5) and the server's first byte through `loupe tap` after the host spawns it
 * (median of 5, beside the same server without the tap). Measured by the package's test
 * (scripts/test-package.ts) on the install it checks, and by `npm run bench` on one of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { checkStartServesPage, startLoupe, tapFirstByte, type Installed } from '../package-test/commands';
import { ensureBuilt, installTarball, pack, type InstalledPackage, type PackedTarball } from '../package-test/install';
import { renderTable, type Row } from './table';

export const PACKAGE_TARGETS = { installMb: 60, installSeconds: 15, startUrlMs: 1500, tapFirstByteMs: 150 };

export interface PackageFigures {
  tarballBytes: number;
  tarballFiles: number;
  installSeconds: number;
  nodeModulesBytes: number;
  startUrlMs: number[];
  tapFirstByteMs: number[];
  directFirstByteMs: number[];
  /** The machine's load average while timing: the times mean little on a busy machine. */
  loadAverage: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Times the commands of an install, `runs` times each. */
export async function measureInstall(tarball: PackedTarball, installed: InstalledPackage, i: Installed, runs = 5): Promise<PackageFigures> {
  // One start first, not timed: the first run of a fresh install reads its files from disk.
  await checkStartServesPage(i);
  const startUrlMs: number[] = [];
  for (let n = 0; n < runs; n++) {
    const loupe = await startLoupe(i);
    startUrlMs.push(loupe.ms);
    await loupe.stop();
  }
  const tapFirstByteMs: number[] = [];
  const directFirstByteMs: number[] = [];
  for (let n = 0; n < runs; n++) {
    const { tapMs, directMs } = await tapFirstByte(i);
    tapFirstByteMs.push(tapMs);
    directFirstByteMs.push(directMs);
  }
  return {
    tarballBytes: tarball.size,
    tarballFiles: tarball.files.length,
    installSeconds: installed.installSeconds,
    nodeModulesBytes: installed.nodeModulesBytes,
    startUrlMs,
    tapFirstByteMs,
    directFirstByteMs,
    loadAverage: os.loadavg()[0],
  };
}

export function renderPackageBench(f: PackageFigures): string {
  const t = PACKAGE_TARGETS;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const list = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
  const rows: Row[] = [
    { label: 'tarball (npm pack)', cells: [mb(f.tarballBytes), `${f.tarballFiles} files`] },
    {
      label: 'npm install --omit=dev of the tarball: node_modules',
      cells: [mb(f.nodeModulesBytes), ''],
      target: `<= ${t.installMb} MB`,
      meets: f.nodeModulesBytes / 1e6 <= t.installMb,
    },
    {
      label: 'npm install --omit=dev of the tarball: time',
      cells: [`${f.installSeconds.toFixed(1)} s`, ''],
      target: `<= ${t.installSeconds} s`,
      meets: f.installSeconds <= t.installSeconds,
    },
    {
      label: 'loupe start until it prints its URL, median',
      cells: [`${Math.round(median(f.startUrlMs))} ms`, `runs ${list(f.startUrlMs)}`],
      target: `<= ${t.startUrlMs} ms`,
      meets: median(f.startUrlMs) <= t.startUrlMs,
    },
    {
      label: "server's first byte through loupe tap after spawn, median",
      cells: [`${Math.round(median(f.tapFirstByteMs))} ms`, `runs ${list(f.tapFirstByteMs)}`],
      target: `<= ${t.tapFirstByteMs} ms`,
      meets: median(f.tapFirstByteMs) <= t.tapFirstByteMs,
    },
    { label: 'the same server without the tap, median', cells: [`${Math.round(median(f.directFirstByteMs))} ms`, `runs ${list(f.directFirstByteMs)}`] },
  ];
  return renderTable(
    `The installed package (npm pack, then npm install --omit=dev in an empty project), load average ${f.loadAverage.toFixed(2)}`,
    ['figure', 'detail'],
    rows,
  );
}

/** `npm run bench`'s section: packs this checkout, installs the tarball in a temporary project, measures it. */
export async function benchInstalledPackage(root: string): Promise<PackageFigures> {
  ensureBuilt(root);
  const work = mkdtempSync(path.join(tmpdir(), 'loupe-bench-package-'));
  try {
    const tarball = pack(root, work);
    const installed = installTarball(tarball.file, path.join(work, 'project'));
    return await measureInstall(tarball, installed, { bin: installed.bin, nodeModules: path.join(installed.project, 'node_modules') });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
