/**
 * A big stored session, written into a config dir as a recording leaves one: every frame through
 * the store's own writer (its segment lines, index columns and marks), so a Loupe started with
 * `--config-dir` lists and opens it like any other. The traffic is a server's busy day: tool calls
 * (`echo` and `add`) and their results, log notifications, and once in a million frames a
 * `resources/read`, with one frame in the middle holding NEEDLE for a search to find.
 */
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { sessionsDir } from '../../proxy/store/layout';
import { SessionStore } from '../../proxy/store/store';
import { testHeader } from '../../proxy/store/testing';

/** The text one frame holds, at `needleSeq`. */
export const NEEDLE = 'Needle-7f3a';
/** The method a filter finds once in RARE_EVERY frames. */
export const RARE_METHOD = 'resources/read';
export const RARE_EVERY = 1_000_000;

export interface BigStoredSession {
  id: string;
  /** The session's folder. */
  dir: string;
  frames: number;
  /** Bytes of its segment files. */
  bytes: number;
  needleSeq: number;
  writeSeconds: number;
}

const meta = { transport: 'stdio' } as const;

function message(seq: number, dir: Frame['dir'], raw: string): Frame {
  // 20,000 frames a second, in µs.
  return { seq, ts: seq * 50, dir, lane: 'message', raw, size: raw.length + 1, meta };
}

/** The frame at `seq`: eight in turn, a quarter of them tools/call requests. */
function frameAt(seq: number, needleSeq: number): Frame {
  if (seq % RARE_EVERY === RARE_EVERY / 2) return message(seq, 'c2s', `{"jsonrpc":"2.0","id":${seq},"method":"${RARE_METHOD}","params":{"uri":"file:///a"}}`);
  const text = seq === needleSeq ? `${NEEDLE} line` : `log line ${seq}`;
  switch (seq % 8) {
    case 0:
    case 6:
      return message(
        seq,
        'c2s',
        `{"jsonrpc":"2.0","id":${seq},"method":"tools/call","params":{"name":"${seq % 8 === 0 ? 'echo' : 'add'}","arguments":{"n":${seq}}}}`,
      );
    case 1:
    case 7:
      return message(seq, 's2c', `{"jsonrpc":"2.0","id":${seq - 1},"result":{"content":[{"type":"text","text":"${seq}"}]}}`);
    default:
      return message(seq, 's2c', `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"bench","data":"${text}"}}`);
  }
}

/** Writes a closed session of `frames` frames under `<configDir>/sessions/`; about 110 bytes a frame on disk. */
export function writeBigStoredSession(configDir: string, frames: number): BigStoredSession {
  const huge = 1024 ** 4;
  const store = new SessionStore(sessionsDir(configDir), { sessionBytes: huge, totalBytes: huge });
  const t0 = process.hrtime.bigint();
  const writer = store.create({ source: 'launched', header: testHeader('big'), startedAt: Date.now() });
  // A log line, in the middle of the second half.
  const needleSeq = Math.max(2, Math.round(frames * 0.61) - (Math.round(frames * 0.61) % 8) + 2);
  for (let seq = 1; seq <= frames; seq++) writer.append(frameAt(seq, needleSeq));
  const end = writer.close();
  if (end.frames !== frames || !writer.complete)
    throw new Error(`the store kept ${end.frames} frames of ${frames}: ${writer.error?.message ?? 'its budget stopped it'}`);
  return {
    id: writer.id,
    dir: path.join(sessionsDir(configDir), writer.id),
    frames,
    bytes: end.bytes,
    needleSeq,
    writeSeconds: Number(process.hrtime.bigint() - t0) / 1e9,
  };
}
