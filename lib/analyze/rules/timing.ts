/** timing.*: latency measured from wire timestamps. */
import type { RuleModule } from '../types';

export const timingRules: RuleModule = {
  rules: {
    'timing.no-response': { severity: 'warning', section: 'basic/lifecycle#timeouts' },
    'timing.slow': { severity: 'info', section: 'basic/lifecycle#timeouts' },
  },

  onMessage({ msg, request, options, report }) {
    if ((msg.kind !== 'response' && msg.kind !== 'error') || !request || request.responseSeq !== undefined) return;
    const ms = (msg.ts - request.ts) / 1000;
    if (ms > options.slowMs) report('timing.slow', [msg.seq, request.seq], `${request.method} took ${Math.round(ms)} ms (slow threshold ${options.slowMs} ms)`);
  },

  // Judged by the wire (lib/mcp/calls.ts): the engine ticks the clock to every frame's timestamp
  // before the frame, so live and offline analysis find the same overdue calls, at the same place.
  onFinish({ state, options, report }, nowUs) {
    for (const r of state.calls.overdue(nowUs, options.timeoutMs * 1000)) {
      report('timing.no-response', [r.seq], `${r.method} (id ${JSON.stringify(r.id)}) had no response within the ${options.timeoutMs} ms timeout`);
    }
  },
};
