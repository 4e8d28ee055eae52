'use client';
/** The OAuth tab: the session's OAuth chain step by step, read from its one model (lib/view/oauth-chain.ts). */
import { useCallback } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { oauthChain } from '../../lib/view/oauth-chain';
import { AuthorizeBanner } from './AuthorizeBanner';
import { OAuthStepCard } from './OAuthStepCard';

export function OAuthPane({ traceId }: { traceId: string }) {
  // The trace object changes on every append, so the chain is read again as frames arrive.
  const trace = useLoupe((s) => s.traces[traceId]);
  const session = useLoupe((s) => s.sessions.find((x) => x.id === traceId));
  const selected = useLoupe((s) => s.selected[traceId]);
  const select = useLoupe((s) => s.select);
  const onSelect = useCallback((seq: number) => select(traceId, seq), [select, traceId]);
  if (!trace) return <div className="p-4 text-xs text-zinc-500">Waiting for the session&apos;s frames…</div>;
  const chain = oauthChain(trace.model);
  return (
    <div className="min-h-0 flex-1 overflow-auto p-3 text-xs">
      {session?.oauth && <AuthorizeBanner oauth={session.oauth} />}
      {chain.length === 0 ? (
        <p className="text-zinc-400">
          No OAuth in this session. When a server answers 401 or 403, Loupe runs the authorization chain and every request of it shows here, step by step, with
          what is wrong.
        </p>
      ) : (
        <ol aria-label="OAuth chain" className="flex flex-col gap-2">
          {chain.map((step, i) => (
            <OAuthStepCard
              key={step.exchange.id}
              index={i + 1}
              step={step}
              selected={
                selected !== undefined && (selected === step.exchange.id || selected === step.exchange.end?.seq || selected === step.exchange.response?.seq)
              }
              onSelect={onSelect}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
