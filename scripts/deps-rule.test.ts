/**
 * The folder rule (.dependency-cruiser.cjs, run by `npm run deps` in `npm test`) refuses what it
 * is there to refuse: each planted violation below is named, and the imports the table allows pass.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './bench/paths';

const PLANTED: Record<string, string> = {
  'tsconfig.json': '{}',
  'lib/mcp/frame.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'lib/render/har.ts': 'export const har = 1;\n',
  'lib/trace/reader.ts': "import { har } from '../render/har';\nexport const reader = har;\n",
  'lib/view/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'lib/view/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  'scripts/bench/figures.ts': 'export const figures = 1;\n',
  'proxy/cli/bench.ts': "import { figures } from '../../scripts/bench/figures';\nexport const bench = figures;\n",
  'components/Pane.tsx': "import { bench } from '../proxy/cli/bench';\nexport const Pane = bench;\n",
  // Near misses: what the table allows.
  'lib/analyze/engine.ts': "import { read } from '../mcp/frame';\nexport const engine = read;\n",
  'lib/model/session-model.ts': "import { engine } from '../analyze/engine';\nexport const model = engine;\n",
  'lib/model/session-model.test.ts': "import { har } from '../render/har';\nexport const seen = har;\n",
  'proxy/sessions/recording.ts': "import { model } from '../../lib/model/session-model';\nexport const recording = model;\n",
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(dir: string): Promise<Violation[]> {
  const bin = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json', 'lib', 'proxy', 'scripts', 'components'],
      { cwd: dir, maxBuffer: 16 * 2 ** 20 },
      (err, stdout, stderr) => {
        if (!stdout) return reject(new Error(`dependency-cruiser printed nothing: ${stderr || err?.message}`));
        resolve((JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations);
      },
    );
  });
}

describe('the folder rule', () => {
  it('names each planted violation and lets the allowed imports pass', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loupe-deps-'));
    for (const [file, text] of Object.entries(PLANTED)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const found = (await cruise(dir)).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual([
      'no-cycles: lib/view/a.ts -> lib/view/b.ts',
      'not-in-allowed: components/Pane.tsx -> proxy/cli/bench.ts',
      'not-in-allowed: lib/trace/reader.ts -> lib/render/har.ts',
      'not-in-allowed: proxy/cli/bench.ts -> scripts/bench/figures.ts',
      'pure-lib-no-node: lib/mcp/frame.ts -> fs',
    ]);
  }, 60_000);
});
