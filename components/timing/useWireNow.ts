'use client';
/**
 * "Now" on the session's wire clock (µs), so in-flight requests grow live. Frame timestamps come
 * from the proxy's clock; the page only knows when the newest one arrived, so now = that frame's
 * ts plus the time elapsed here since it arrived.
 */
import { useEffect, useRef, useState } from 'react';

export function useWireNow(lastTs: number, live: boolean, tickMs = 250): number {
  const arrival = useRef({ ts: lastTs, at: 0 });
  const [now, setNow] = useState(lastTs);
  useEffect(() => {
    arrival.current = { ts: lastTs, at: performance.now() };
    setNow(lastTs);
    if (!live) return;
    const id = setInterval(() => setNow(arrival.current.ts + (performance.now() - arrival.current.at) * 1000), tickMs);
    return () => clearInterval(id);
  }, [lastTs, live, tickMs]);
  return Math.max(now, lastTs);
}
