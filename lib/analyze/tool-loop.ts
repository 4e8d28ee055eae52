/**
 * A long session of tool calls, for the tests that a judge in bounded memory finds what the whole
 * model finds and holds what does not grow with the calls: a client calling a few tools in turn
 * with arguments, each answered; some answers break the tool's output schema, some are the tool's
 * own failure (isError), some JSON-RPC errors; reads and prompts between; and, around them, what
 * looks a finished call up again (a cancellation, a second answer, a reused id, progress) and what
 * a clock judges (an answer after the deadline).
 */
import type { Frame } from '../mcp/frame';
import { err, note, req, res } from './cases/types';
import { Script } from './testing';

const TOOLS = [
  { name: 'search', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] } },
  { name: 'fetch', inputSchema: { type: 'object' } },
  { name: 'sum', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] } },
];

/** The answer call `i` of the loop gets (see the file's comment). */
function answer(i: number, id: number, tool: string, regular = false): unknown {
  if (i % 50 === 7 && !regular) return err(id, -32603, 'the tool crashed');
  if (i % 20 === 3) return res(id, { content: [{ type: 'text', text: `${tool} failed: quota` }], isError: true });
  const broken = i % 40 === 11;
  if (tool === 'search') return res(id, { content: [{ type: 'text', text: 'found' }], structuredContent: broken ? { hits: 'many' } : { hits: i } });
  if (tool === 'sum') return res(id, { content: [{ type: 'text', text: 'sum' }], ...(broken ? {} : { structuredContent: { total: i / 2 } }) });
  return res(id, { content: [{ type: 'text', text: `page ${i} `.repeat(8) }] });
}

/**
 * A handshake, a listing, then `n` tool calls (ids from 100, the three tools in turn, arguments
 * that differ each time), with a JSON-RPC error, a read and a prompt every so often. `lookups`:
 * what looks early calls up again and an answer past `timeoutMs` (1000 ms) at the end, for the
 * parity tests; without it the loop is only calls, for the tests of what is held. `regular`: only
 * the tool calls, their answers broken or isError as before but none a JSON-RPC error, so no call
 * breaks the step of its tool's run.
 */
export function toolLoop(n: number, { lookups = true, regular = false } = {}): Frame[] {
  const s = new Script().handshake({ server: { tools: {}, resources: {}, prompts: {} } });
  s.c(req(1, 'tools/list')).s(res(1, { tools: TOOLS }));
  for (let i = 0; i < n; i++) {
    const id = 100 + i;
    const tool = TOOLS[i % TOOLS.length].name;
    s.c(req(id, 'tools/call', { name: tool, arguments: { query: `q${i}`, n: i, tags: ['a', 'b'] } })).s(answer(i, id, tool, regular));
    if (regular) continue;
    const [read, prompt] = [1_000_000 + i, 2_000_000 + i];
    if (i % 97 === 5)
      s.c(req(read, 'resources/read', { uri: `file:///doc/${i % 4}` })).s(res(read, { contents: [{ uri: `file:///doc/${i % 4}`, text: 'x' }] }));
    if (i % 89 === 9) s.c(req(prompt, 'prompts/get', { name: 'greet', arguments: { who: `w${i}` } })).s(res(prompt, { messages: [] }));
  }
  if (!lookups) return s.frames;
  // A tool call with progress, cancelled while open; then one cancelled after its answer.
  s.c(req(5000, 'tools/call', { name: 'search', arguments: {}, _meta: { progressToken: 'tok' } }));
  s.s(note('notifications/progress', { progressToken: 'tok', progress: 1 }));
  s.c(note('notifications/cancelled', { requestId: 5000, reason: 'user' }));
  s.s(res(5000, { content: [], structuredContent: { hits: 1 } }));
  s.c(note('notifications/cancelled', { requestId: 100 + Math.floor(n / 2), reason: 'late' }));
  // A second answer to an early call (a search whose structuredContent breaks the schema), an id reused.
  s.s(res(111, { content: [], structuredContent: { hits: 'again' } }));
  s.c(req(102, 'tools/call', { name: 'sum', arguments: { n: 1 } })).s(res(102, { content: [], structuredContent: {} }));
  s.s(res(102, { content: [] }));
  // A call answered after its deadline, then one never answered at all.
  s.c(req(6000, 'tools/call', { name: 'fetch', arguments: { url: 'slow' } }))
    .wait(2_000_000)
    .s(res(6000, { content: [] }));
  for (let i = 0; i < 20; i++) s.c(req(7000 + i, 'tools/call', { name: 'fetch', arguments: { i } })).s(answer(i, 7000 + i, 'fetch'));
  s.c(req(8000, 'tools/call', { name: 'sum', arguments: {} }));
  return s.frames;
}
