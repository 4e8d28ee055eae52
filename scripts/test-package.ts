/**
 * `npm run test:package` (the last step of `npm test`): Loupe as a user installs it. Packs this
 * checkout once (`npm pack`), checks what the tarball holds, installs it with `--omit=dev` into an
 * empty project and runs from there, as a user would: `loupe --help`, `loupe start` (its page over
 * HTTP with the launch's token), `loupe check` on server-everything, `loupe tap` under a small
 * host, then the example project (examples/server-tests) with Loupe installed from the same
 * tarball and its Playwright specs; `loupe record`, a global install (`npm install -g`, under a
 * prefix of its own) and `npx --yes --package=TARBALL loupe` from an empty folder. The installed packages are made
 * read-only first, and every file under the installs is compared before and after: Loupe writes
 * nothing into its own folder at run time (root ignores the read-only bits, the comparison does
 * not). The package's speed figures are the bench's (`npm run bench`, scripts/bench/package.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromiumOrExit } from './find-chromium';
import {
  changedPaths,
  ensureBuilt,
  installTarball,
  makeReadOnly,
  makeWritable,
  megabytes,
  missingFiles,
  pack,
  snapshot,
  unexpectedFiles,
} from './package-test/install';
import { checkEverything, checkHelp, checkStartServesPage, checkTapUnderHost, type Installed } from './package-test/commands';
import { installExample, runExample } from './package-test/example';
import { checkRecord, installGlobally, viaNpx } from './package-test/other-installs';
import { checkOtlpExport } from './package-test/otlp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`test-package: ${line}`);
/** What `npm install --omit=dev` of the tarball may take on disk. */
const INSTALL_LIMIT_MB = 60;

async function main(): Promise<void> {
  const chromium = findChromiumOrExit();
  ensureBuilt(root);
  const work = mkdtempSync(path.join(tmpdir(), 'loupe-package-'));
  const readOnly: string[] = [];
  try {
    const tarball = pack(root, work);
    log(
      `${path.basename(tarball.file)}: ${megabytes(tarball.size).toFixed(2)} MB packed, ${megabytes(tarball.unpackedSize).toFixed(2)} MB unpacked, ${tarball.files.length} files`,
    );
    const extra = unexpectedFiles(tarball);
    if (extra.length)
      throw new Error(
        `the tarball holds files that should not ship (sources, tests, fixtures, configs); fix "files" in package.json:\n  ${extra.slice(0, 20).join('\n  ')}`,
      );
    const missing = missingFiles(tarball);
    if (missing.length) throw new Error(`the tarball lacks ${missing.join(', ')}: was it built (npm run build)?`);

    const installed = installTarball(tarball.file, path.join(work, 'project'));
    log(
      `npm install --omit=dev of the tarball: ${installed.installSeconds.toFixed(1)} s, node_modules ${megabytes(installed.nodeModulesBytes).toFixed(1)} MB on disk`,
    );
    if (megabytes(installed.nodeModulesBytes) > INSTALL_LIMIT_MB)
      throw new Error(`the install takes ${megabytes(installed.nodeModulesBytes).toFixed(1)} MB, over ${INSTALL_LIMIT_MB} MB: what new dependency grew it?`);
    const nodeModules = path.join(installed.project, 'node_modules');
    makeReadOnly(installed.packageDir);
    readOnly.push(installed.packageDir);
    const before = snapshot(nodeModules);
    const i: Installed = { bin: installed.bin, nodeModules };
    log(checkHelp(i));
    log(await checkStartServesPage(i));
    log(checkEverything(i));
    log(await checkTapUnderHost(i));
    log(checkRecord(i, work));
    log(await checkOtlpExport(i));

    const global = installGlobally(tarball.file, path.join(work, 'global'));
    const globalPackage = path.dirname(global.nodeModules);
    makeReadOnly(globalPackage);
    readOnly.push(globalPackage);
    const globalBefore = snapshot(globalPackage);
    log(`npm install -g: ${await checkStartServesPage(global)}`);
    log(`npm install -g: ${checkRecord(global, work)}`);
    log(
      `npx --yes --package=${path.basename(tarball.file)} loupe, from an empty folder: ${await checkStartServesPage(viaNpx(tarball.file, path.join(work, 'empty'), nodeModules))}`,
    );

    const example = installExample(path.join(root, 'examples/server-tests'), tarball.file, work);
    const exampleLoupe = path.join(example, 'node_modules/mcp-loupe');
    makeReadOnly(exampleLoupe);
    readOnly.push(exampleLoupe);
    const exampleBefore = snapshot(exampleLoupe);
    log(runExample(example, chromium, path.join(work, 'example-report.json')));

    const written = [
      ...changedPaths(before, snapshot(nodeModules)),
      ...changedPaths(globalBefore, snapshot(globalPackage)).map((p) => `global: ${p}`),
      ...changedPaths(exampleBefore, snapshot(exampleLoupe)).map((p) => `example: ${p}`),
    ];
    if (written.length) throw new Error(`Loupe wrote into its install at run time:\n  ${written.slice(0, 20).join('\n  ')}`);
    log('nothing was written into any install');
    log('the package installs and runs as a user gets it');
  } finally {
    for (const dir of readOnly) makeWritable(dir);
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (e) {
  console.error(`test-package: ${(e as Error).message}`);
  process.exitCode = 1;
}
