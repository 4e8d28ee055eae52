'use client';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { LogView } from './LogView';
import { RawComposer } from './RawComposer';
import { clientRequest, failureOf } from '../../lib/browser/actions';

/** Ping with its round trip, the log level and log view, and the raw composer. */
export function UtilitiesTab({ sessionId, ready }: { sessionId: string; ready: boolean }) {
  const [ping, setPing] = useState<string>();
  const doPing = async () => {
    const t0 = performance.now();
    try {
      await clientRequest(sessionId, 'ping', {}, { timeoutMs: 10_000 });
      setPing(`pong in ${(performance.now() - t0).toFixed(1)} ms (page → proxy → server and back)`);
    } catch (e) {
      setPing(`ping failed: ${failureOf(e).message}`);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <section aria-label="Ping" className="flex items-center gap-2">
        <Button disabled={!ready} onClick={() => void doPing()}>
          Ping
        </Button>
        {ping && (
          <span role="status" className="text-zinc-300">
            {ping}
          </span>
        )}
      </section>
      <LogView sessionId={sessionId} ready={ready} />
      <RawComposer sessionId={sessionId} ready={ready} />
    </div>
  );
}
