/**
 * The page's reads of a live session's copy on disk (lib/wire/stored-reads.ts): the text of a frame
 * the proxy's memory budget let go, and a search over every frame's text. A few hundred frames read
 * back are kept, so going back and forth between rows asks the proxy once.
 */
import { useEffect, useState } from 'react';
import type { Frame } from '../mcp/frame';
import { MAX_SEARCH_RESULTS } from '../wire/stored-reads';
import type { Trace } from './trace';
import { getSocket } from './socket';
import { useLoupe } from './store';

const KEPT = 300;
const read = new Map<string, Frame>();

async function storedFrames(sessionId: string, seqs: number[]): Promise<Frame[]> {
  const reply = await getSocket().call({ type: 'session/stored-frames', sessionId, seqs });
  if (reply.type !== 'session/stored-frames') throw new Error(`the proxy answered with ${reply.type}, not stored frames`);
  return reply.frames as Frame[];
}

export interface DiskSearch {
  text: string;
  seqs: number[];
  next?: number;
  scannedBytes: number;
}

/** The frames of a live session whose text holds `text`, from its copy on disk. */
export async function searchOnDisk(sessionId: string, text: string, fromSeq?: number): Promise<DiskSearch> {
  const reply = await getSocket().call({ type: 'session/search', sessionId, text, limit: MAX_SEARCH_RESULTS, ...(fromSeq === undefined ? {} : { fromSeq }) });
  if (reply.type !== 'session/search-result') throw new Error(`the proxy answered with ${reply.type}, not search results`);
  return { text, seqs: reply.seqs, next: reply.next, scannedBytes: reply.scannedBytes };
}

/** The live session's id when it has a copy on disk; undefined for a file, a tap, a Loupe that stores nothing. */
export function useStoredSessionOf(trace: Trace | undefined): string | undefined {
  const sessionId = trace?.source.kind === 'live' ? trace.source.sessionId : undefined;
  return useLoupe((s) => (sessionId !== undefined && s.sessions.find((x) => x.id === sessionId)?.storedId !== undefined ? sessionId : undefined));
}

export type StoredText = { status: 'reading' } | { status: 'read'; frame: Frame } | { status: 'failed'; error: string };

/** For a frame whose text the memory budget dropped: the frame as its copy on disk holds it. */
export function useStoredText(trace: Trace | undefined, frame: Frame): StoredText | undefined {
  const sessionId = useStoredSessionOf(trace);
  const key = sessionId === undefined || !frame.textDropped ? undefined : `${sessionId} ${frame.seq}`;
  const [state, setState] = useState<{ key: string; text: StoredText } | undefined>(undefined);
  useEffect(() => {
    if (key === undefined || sessionId === undefined) return;
    const cached = read.get(key);
    if (cached) return setState({ key, text: { status: 'read', frame: cached } });
    let live = true;
    setState({ key, text: { status: 'reading' } });
    void (async () => {
      let text: StoredText;
      try {
        const [found] = await storedFrames(sessionId, [frame.seq]);
        if (!found) throw new Error(`frame #${frame.seq} is not in the session's copy on disk (it came after the session reached its disk budget)`);
        read.set(key, found);
        if (read.size > KEPT) read.delete(read.keys().next().value!);
        text = { status: 'read', frame: found };
      } catch (e) {
        text = { status: 'failed', error: (e as Error).message };
      }
      if (live) setState({ key, text });
    })();
    return () => {
      live = false;
    };
  }, [key, sessionId, frame.seq]);
  return key !== undefined && state?.key === key ? state.text : key !== undefined ? { status: 'reading' } : undefined;
}
