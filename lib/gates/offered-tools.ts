/** The names of the tools a session was offered (its latest listing wins), for --expect-tool and --forbid-tool. */
import { offeredItems } from '../diff/diff';
import type { Frame } from '../mcp/frame';

export function offeredToolNames(frames: readonly Frame[]): Set<string> {
  return new Set(offeredItems(frames).tools.keys());
}
