/**
 * timing.*: latency measured from wire timestamps. Each rule judges the peer that owes the answer:
 * the server for the client's requests, the client for the server's. A request a person answers
 * (elicitation/create asks the user; sampling/createMessage keeps a human in the loop, and
 * Loupe's page asks the person at it) measures how long a person took to read and type: that is
 * nobody's slowness, so timing.slow says nothing of it; and the time a server spends waiting for
 * the client's answers to its own requests is taken out of the server's time.
 */
import type { Call } from '../../mcp/calls';
import type { RuleModule } from '../types';

/** Server → client requests whose answer waits for a person (client/elicitation, client/sampling). */
const ANSWERED_BY_A_PERSON = new Set(['elicitation/create', 'sampling/createMessage']);

/**
 * How long, between `from` and `to`, the server was waiting for the client to answer requests it
 * sent meanwhile (the union of their open spans): a tool that samples or elicits spends that time
 * on the client's side, so it is not the server's. Only a call already found slow asks, and only
 * the calls made after it began are read.
 */
function waitedOnClient(all: readonly Call[], from: number, to: number): number {
  const spans: [number, number][] = [];
  for (let i = all.length - 1; i >= 0 && all[i].ts >= from; i--) {
    const c = all[i];
    if (c.dir === 's2c' && c.ts < to) spans.push([c.ts, Math.min(c.responseTs ?? to, to)]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = from;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/** Who owes the answer to a request, for a message that names them. */
const answerer = (r: Call) => (r.dir === 'c2s' ? 'the server' : 'the client');
const what = (r: Call) => (r.dir === 'c2s' ? r.method : `the server's ${r.method}`);

export const timingRules: RuleModule = {
  rules: {
    'timing.no-response': { severity: 'warning', layer: 'jsonrpc', section: 'basic/lifecycle#timeouts' },
    'timing.slow': { severity: 'info', layer: 'tool', section: 'basic/utilities/progress' },
  },

  onMessage({ msg, request, state, options, report }) {
    if ((msg.kind !== 'response' && msg.kind !== 'error') || !request || request.responseSeq !== undefined) return;
    if (request.dir === 's2c' && ANSWERED_BY_A_PERSON.has(request.method)) return;
    const ms = (msg.ts - request.ts) / 1000;
    if (ms <= options.slowMs) return;
    const waited = request.dir === 'c2s' ? waitedOnClient(state.calls.all, request.ts, msg.ts) / 1000 : 0;
    const own = ms - waited;
    if (own <= options.slowMs) return;
    const detail =
      waited > 0 ? ` of its own (${Math.round(ms)} ms in all, ${Math.round(waited)} ms of them waiting for the client to answer its requests)` : '';
    report(
      'timing.slow',
      [msg.seq, request.seq],
      `${answerer(request)} took ${Math.round(own)} ms${detail} to answer ${what(request)} (slow threshold ${options.slowMs} ms)`,
    );
  },

  // Judged by the wire (lib/mcp/calls.ts): the engine ticks the clock to every frame's timestamp
  // before the frame, so live and offline analysis find the same overdue calls, at the same place.
  onFinish({ state, options, report }, nowUs) {
    for (const r of state.calls.overdue(nowUs, options.timeoutMs * 1000)) {
      report('timing.no-response', [r.seq], `${answerer(r)} did not answer ${what(r)} (id ${JSON.stringify(r.id)}) within the ${options.timeoutMs} ms timeout`);
    }
  },
};
