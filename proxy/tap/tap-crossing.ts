/**
 * A frame a tap recorded, handed to a Recording as a crossing: the tap already split the bytes
 * into lines (TapFramer), so the Recording takes each line as it is (the Recording numbers it) and
 * the Recording's listeners get the message it carries, as from any transport. A truncated line is
 * recorded but not parsed: its message is not all there.
 */
import type { Frame } from '../../lib/mcp/frame';
import type { Crossing, WireTransport } from '../transports/types';

export function deliverTapFrame(transport: Pick<WireTransport, 'onCrossing' | 'onMessage'>, f: Frame): void {
  const frame = transport.onCrossing?.(<Crossing>{
    dir: f.dir, lane: f.lane, raw: f.raw, size: f.size, ts: f.ts,
    ...(f.truncated ? { truncated: true } : {}), ...(f.invalidUtf8 ? { invalidUtf8: true, rawBase64: f.rawBase64 } : {}),
    ...(f.meta ? { meta: f.meta } : {}),
  });
  if (!frame || f.lane !== 'message' || f.truncated || !transport.onMessage) return;
  let json: unknown;
  try {
    json = JSON.parse(f.raw);
  } catch {
    return;
  }
  transport.onMessage(frame, json);
}
