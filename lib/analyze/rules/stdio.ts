/** stdio.*: the stdio transport (basic/transports#stdio). Never on HTTP frames. */
import { startsLikeJson } from '../lines';
import type { RuleModule } from '../types';
import { show } from '../util';
import { printable } from '../../text/printable';

const S = 'basic/transports#stdio';

export const stdioRules: RuleModule = {
  rules: {
    'stdio.non-json-line': { severity: 'error', layer: 'framing', section: S },
    'stdio.multiline-json': { severity: 'error', layer: 'framing', section: S },
    'stdio.invalid-utf8': { severity: 'error', layer: 'framing', section: S },
    'stdio.stderr': { severity: 'info', layer: 'startup', section: S },
    'stdio.exit': { severity: 'warning', layer: 'startup', section: S },
    'stdio.spawn-failed': { severity: 'error', layer: 'startup', section: S },
  },

  onFrame({ frame, stdio, state, report }) {
    if (stdio && frame.invalidUtf8)
      report('stdio.invalid-utf8', [frame.seq], `the ${frame.dir === 's2c' ? 'server' : 'client'} wrote a line that is not valid UTF-8 (${frame.size} bytes)`);
    if (frame.lane === 'stderr') report('stdio.stderr', [frame.seq], `stderr: ${show(frame.raw, 80)}`);
    if (frame.lane === 'lifecycle' && frame.meta?.transport === 'stdio') {
      const meta = frame.meta;
      if (meta.event === 'spawn-error') report('stdio.spawn-failed', [frame.seq], printable(meta.error));
      if (meta.event === 'stdin-closed' || meta.event === 'signal') state.once.add('stdio.closing');
      if (meta.event === 'exit' && !state.once.has('stdio.closing') && !state.once.has('stdio.exit')) {
        state.once.add('stdio.exit');
        const how = meta.signal ? `signal ${meta.signal}` : `code ${meta.code ?? 'unknown'}`;
        report('stdio.exit', [frame.seq], `the server process exited with ${how} while the session was open`);
      }
    }
  },

  onText({ unit, stdio, report }) {
    if (!stdio || (unit.parsed.ok && !unit.reassembled)) return;
    const seqs = unit.frames.map((f) => f.seq);
    if (unit.reassembled) {
      report(
        'stdio.multiline-json',
        seqs,
        `one message was written across ${unit.frames.length} lines; stdio messages must be a single line (reassembled here)`,
      );
      return;
    }
    const first = unit.frames[0];
    if (!unit.parsed.ok && unit.parsed.value === undefined && !first.truncated && !startsLikeJson(first.raw)) {
      const who = first.dir === 's2c' ? "server's stdout" : "client's stdin";
      report(
        'stdio.non-json-line',
        seqs,
        first.raw.trim() === '' ? `an empty line on the ${who}` : `a non-JSON line on the ${who}: ${show(first.raw, 60)}; move logs to stderr`,
      );
    }
  },
};
