/**
 * A realistic traffic mix for throughput measurement and fuzzing: a handshake, listings, tool
 * calls with progress, reads, logs, pings and stderr lines, in the proportions a busy session has.
 */
import type { Frame } from '../mcp/frame';
import { Script } from './testing';

const TOOLS = Array.from({ length: 12 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Does thing ${i}`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer' } }, required: ['q'] },
  ...(i % 3 === 0 ? { outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } } : {}),
}));

export function realisticMix(count: number): Frame[] {
  const s = new Script().handshake({ server: { tools: { listChanged: true }, resources: { subscribe: true }, logging: {} } });
  s.c({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).s({ jsonrpc: '2.0', id: 1, result: { tools: TOOLS } });
  let id = 2;
  while (s.frames.length < count) {
    const k = id % 10;
    const rid = id++;
    if (k < 5) {
      const tool = TOOLS[rid % TOOLS.length];
      s.c({
        jsonrpc: '2.0',
        id: rid,
        method: 'tools/call',
        params: { name: tool.name, arguments: { q: `query ${rid}`, n: rid }, _meta: { progressToken: `p${rid}` } },
      });
      s.s({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: `p${rid}`, progress: 1, total: 2 } });
      s.s({
        jsonrpc: '2.0',
        id: rid,
        result: { content: [{ type: 'text', text: `result for ${rid} `.repeat(4) }], ...(tool.outputSchema ? { structuredContent: { ok: true } } : {}) },
      });
    } else if (k < 7) {
      s.c({ jsonrpc: '2.0', id: rid, method: 'resources/read', params: { uri: `file:///r/${rid}.txt` } });
      s.s({ jsonrpc: '2.0', id: rid, result: { contents: [{ uri: `file:///r/${rid}.txt`, mimeType: 'text/plain', text: 'x'.repeat(200) }] } });
    } else if (k < 9) {
      s.s({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'app', data: { msg: `tick ${rid}` } } });
      s.frame('s2c', 'stderr', `[debug] handled request ${rid}`);
    } else {
      s.c({ jsonrpc: '2.0', id: rid, method: 'ping' }).s({ jsonrpc: '2.0', id: rid, result: {} });
    }
  }
  return s.frames.slice(0, count);
}
