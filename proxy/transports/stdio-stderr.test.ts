import { describe, expect, it } from 'vitest';
import { COALESCE_FROM_BYTES, COALESCE_FROM_LINES, StderrLines } from './stdio-stderr';

const bytes = (s: string) => new TextEncoder().encode(s);
const many = (n: number, line = 'x') => `${line}\n`.repeat(n);

describe('StderrLines', () => {
  it('keeps one frame per line when a read brings a few', () => {
    const r = new StderrLines(1024);
    expect(r.push(bytes('boom\n    at melt\n'))).toEqual([
      { raw: 'boom', size: 4 },
      { raw: '    at melt', size: 11 },
    ]);
  });

  it('joins the complete lines of a read of many into one frame that still counts every byte', () => {
    const r = new StderrLines(1024);
    const text = `end of an earlier line\n${many(COALESCE_FROM_LINES * 4)}start of the next`;
    const out = r.push(bytes('a partial '));
    expect(out).toEqual([]);
    const runs = r.push(bytes(text));
    expect(runs[0]).toEqual({ raw: 'a partial end of an earlier line', size: 32 });
    expect(runs[1]).toEqual({ raw: many(COALESCE_FROM_LINES * 4).slice(0, -1), size: COALESCE_FROM_LINES * 8 - 1, lines: COALESCE_FROM_LINES * 4 });
    expect(runs).toHaveLength(2);
    expect(r.end()).toEqual([{ raw: 'start of the next', size: 17 }]);
  });

  it('joins a read of a few long lines once they add up, but never a short burst of them', () => {
    const r = new StderrLines(64 * 1024);
    const line = 'y'.repeat(1023);
    const long = r.push(bytes(`first\n${many(Math.ceil(COALESCE_FROM_BYTES / 1024) + 1, line)}`));
    expect(long).toHaveLength(2);
    expect(long[1].lines).toBe(Math.ceil(COALESCE_FROM_BYTES / 1024) + 1);
    // Three long lines (a message and a two-line trace, say) stay three frames.
    expect(r.push(bytes(`first\n${many(3, 'z'.repeat(4000))}`))).toHaveLength(4);
  });

  it('keeps inner line endings as they crossed and says when the last was CRLF', () => {
    const r = new StderrLines(1024);
    const body = 'a\r\nb\n'.repeat(COALESCE_FROM_LINES);
    const [first, run] = r.push(bytes(`first\n${body}`));
    expect(first).toEqual({ raw: 'first', size: 5 });
    expect(run).toEqual({ raw: body.slice(0, -1), size: body.length - 1, lines: COALESCE_FROM_LINES * 2 });
    const crlf = r.push(bytes(`first\n${'c\r\n'.repeat(COALESCE_FROM_LINES)}`))[1];
    expect(crlf).toEqual({ raw: 'c\r\n'.repeat(COALESCE_FROM_LINES).slice(0, -2), size: 3 * COALESCE_FROM_LINES - 1, lines: COALESCE_FROM_LINES, crlf: true });
  });

  it("leaves a read that is not valid UTF-8 to the line splitter, which keeps each line's bytes", () => {
    const r = new StderrLines(1024);
    const chunk = new Uint8Array([...bytes(`first\n${many(COALESCE_FROM_LINES)}`), 0xff, 0x0a]);
    const out = r.push(chunk);
    expect(out).toHaveLength(COALESCE_FROM_LINES + 2);
    expect(out.at(-1)).toMatchObject({ invalidUtf8: true, rawBase64: '/w==', size: 1 });
  });
});
