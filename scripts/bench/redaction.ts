/**
 * Redaction throughput on inputs built to make backtracking regular expressions go quadratic:
 * long runs of one character, near-misses of the secret-field shape repeated, long base64. Each
 * input is one stderr frame of `bytes` characters, redacted with the built-in rules, a custom
 * rule and a connection's secrets, as an export would. Prints MB/s per input.
 */
import type { Frame } from '../../lib/mcp/frame';
import { redactFrames } from '../../lib/trace/redact';

export interface RedactionFigure {
  name: string;
  bytes: number;
  seconds: number;
  mbPerSecond: number;
}

function repeat(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

/** Named pathological inputs of about `bytes` characters each. */
export function pathologicalInputs(bytes: number): Array<{ name: string; text: string }> {
  return [
    { name: 'backslashes', text: repeat('\\', bytes) },
    { name: 'double quotes', text: repeat('"', bytes) },
    { name: 'single quotes', text: repeat("'", bytes) },
    { name: 'spaces', text: repeat(' ', bytes) },
    { name: 'a"token": repeated', text: repeat('a"token":', bytes) },
    { name: '\\"token\\": repeated', text: repeat('\\"token\\":', bytes) },
    { name: '"tokentoken… (one long name)', text: '"' + repeat('token', bytes) },
    { name: 'eyJ- repeated', text: repeat('eyJ-', bytes) },
    { name: '&token repeated', text: repeat('&token', bytes) },
    { name: 'long base64', text: repeat('QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkrLw==', bytes) },
  ];
}

const stderrFrame = (raw: string): Frame => ({ seq: 1, ts: 0, dir: 's2c', lane: 'stderr', raw, size: raw.length }) as Frame;

export function redactionThroughput(bytes: number): RedactionFigure[] {
  const opts = { custom: [{ id: 'ticket', regex: 'TICKET-[0-9]+' }], secrets: [{ rule: 'env:API_KEY', value: 'sk-planted-value-0123456789' }] };
  return pathologicalInputs(bytes).map(({ name, text }) => {
    const t0 = process.hrtime.bigint();
    redactFrames([stderrFrame(text)], opts);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return { name, bytes: text.length, seconds, mbPerSecond: text.length / 1e6 / seconds };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bytes = Number(process.argv[2] ?? 4_000_000);
  for (const f of redactionThroughput(bytes))
    console.log(`${f.name.padEnd(32)} ${(f.bytes / 1e6).toFixed(2)} MB  ${f.seconds.toFixed(3)} s  ${f.mbPerSecond.toFixed(1)} MB/s`);
}
