import path from 'node:path';
import { analyze } from '../../lib/analyze';
import { openHeadless, stdioConnection } from '../../proxy/cli/record/headless';
import { runSession } from '../../proxy/cli/record/run-session';
import { readScript } from '../../proxy/cli/shared/client-options';
import { EVERYTHING_ARGS, ROOT } from './paths';
import fs from 'node:fs';
const file = '/tmp/ana/tour.json';
let frames;
if (fs.existsSync(file)) frames = JSON.parse(fs.readFileSync(file, 'utf8'));
else {
  const r = await runSession(openHeadless, stdioConnection([process.execPath, ...EVERYTHING_ARGS]), { protocolVersion: '2025-11-25', clientCapabilities: { roots: {} }, timeoutMs: 30_000, script: readScript(path.join(ROOT, 'scripts/bench/everything-tour.json')), env: {} }, { name: 'b', version: '0' });
  frames = r.frames; fs.writeFileSync(file, JSON.stringify(frames));
}
for (let i = 0; i < 20; i++) analyze(frames);
const rates = [];
for (let k = 0; k < 5; k++) {
  const u0 = process.cpuUsage(); let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 1000) { analyze(frames); n += frames.length; }
  const u = process.cpuUsage(u0); rates.push(Math.round(n / ((u.user + u.system) / 1e6)));
}
console.log(frames.length, 'frames; frames per CPU-second:', rates.join(' '), 'annotations', analyze(frames).annotations.map(a => a.rule).join(','));
