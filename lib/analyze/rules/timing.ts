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

  onFinish({ state, options, report }, nowUs) {
    for (const r of state.requests.values()) {
      // A cancelled request may rightly never be answered.
      if (r.responseSeq !== undefined || r.timedOut || r.cancelledSeq !== undefined) continue;
      const waited = (nowUs - r.ts) / 1000;
      if (waited < options.timeoutMs) continue;
      r.timedOut = true;
      report('timing.no-response', [r.seq], `${r.method} (id ${JSON.stringify(r.id)}) has had no response for ${Math.round(waited)} ms (timeout ${options.timeoutMs} ms)`);
    }
  },
};
