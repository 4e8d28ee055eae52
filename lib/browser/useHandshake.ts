/**
 * A session's handshake as its frames tell it (the session model's analyser state), for the
 * views that act on it: the client panel's tabs, the CLI script. The session summary's copy is
 * the proxy's own; reading the frames keeps every view telling the Capabilities pane's story.
 */
import { useShallow } from 'zustand/react/shallow';
import type { Era } from '../mcp/era';
import { useLoupe } from './store';

export interface Handshake {
  era?: Era;
  /** What the client asked in `initialize` (legacy), or the `_meta` version it sends (modern). */
  requestedVersion?: string;
  clientCapabilities?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
}

/** Shallow: the state's objects stay the same until the handshake changes, so a view redraws
 *  when a fact does, not on every frame batch. */
export function useHandshake(sessionId: string): Handshake {
  return useLoupe(
    useShallow((s): Handshake => {
      const st = s.traces[sessionId]?.model.state;
      return {
        era: st?.eras.current,
        requestedVersion: st?.requestedVersion ?? st?.negotiatedVersion,
        clientCapabilities: st?.clientCapabilities,
        serverCapabilities: st?.serverCapabilities,
      };
    }),
  );
}
