/** A session's frames as the proxy holds them (what an export or a reload gets), read over a socket of the test's own. */
import { expect } from '@playwright/test';
import type { Frame } from '../../lib/mcp/frame';
import { PageClient } from '../../proxy/server/testing/harness';

/** The newest session named `sessionName` on the Loupe at `loupeUrl`: its frames once `until` holds. */
export async function traceFrames(loupeUrl: string, sessionName: string, until: (frames: Frame[]) => boolean): Promise<Frame[]> {
  const socket = await PageClient.at(loupeUrl);
  try {
    const hello = await socket.next('hello');
    const session = hello.sessions.filter((s) => s.name === sessionName).at(-1);
    if (!session) throw new Error(`no session of ${sessionName}`);
    socket.send({ type: 'session/attach', rid: 'attach', sessionId: session.id });
    let frames: Frame[] = [];
    await expect
      .poll(() => {
        frames = socket.received.flatMap((m) => (m.type === 'frames/snapshot' || m.type === 'frames/append' ? m.frames : []));
        return until(frames);
      })
      .toBe(true);
    return frames;
  } finally {
    socket.close();
  }
}
