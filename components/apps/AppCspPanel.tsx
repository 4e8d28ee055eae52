'use client';
import { useMemo } from 'react';
import type { AppInstance } from '../../lib/browser/apps/appsStore';
import { useLoupe } from '../../lib/browser/store';

interface Violation {
  seq: number;
  directive: string;
  blockedUri: string;
}

/** The csp-violation frames recorded on the app's channel: the trace is the record, this reads it. */
function useViolations(sessionId: string, channel: string | undefined): Violation[] {
  const trace = useLoupe((s) => s.traces[sessionId]);
  const version = trace?.version;
  return useMemo(() => {
    if (!trace || !channel) return [];
    const out: Violation[] = [];
    for (const f of trace.frames) {
      if (f.channel !== channel || f.lane !== 'lifecycle' || f.meta?.transport !== 'app' || f.meta.event !== 'csp-violation') continue;
      out.push({ seq: f.seq, directive: f.meta.directive, blockedUri: f.meta.blockedUri });
    }
    return out;
    // `version` changes whenever frames arrive; the array grows in place.
  }, [trace, channel, version]);
}

const LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];

function declaredLines(csp: unknown): string[] {
  if (csp === undefined) return ['(none: the app may load nothing from elsewhere)'];
  if (typeof csp !== 'object' || csp === null) return [`(not an object: ${JSON.stringify(csp)})`];
  return Object.entries(csp as Record<string, unknown>).map(
    ([k, v]) => `${k}${LISTS.includes(k) ? '' : ' (not a list hosts read)'}: ${Array.isArray(v) ? v.join(' ') || '(empty)' : JSON.stringify(v)}`,
  );
}

/** The app's Content-Security-Policy three ways: as the resource declared it, as the sandbox applied it, and what it refused. */
export function AppCspPanel({ app }: { app: AppInstance }) {
  const violations = useViolations(app.sessionId, app.channel);
  return (
    <details className="rounded border border-zinc-800 p-1 text-[11px]">
      <summary className="cursor-pointer text-zinc-300">
        CSP{' '}
        <span className={violations.length > 0 ? 'text-amber-300' : 'text-zinc-500'}>
          · {violations.length} violation{violations.length === 1 ? '' : 's'}
          {app.applied && app.applied.dropped.length > 0
            ? ` · ${app.applied.dropped.length} declared entr${app.applied.dropped.length === 1 ? 'y' : 'ies'} dropped`
            : ''}
        </span>
      </summary>
      <section aria-label="App CSP" className="mt-1 grid grid-cols-[6rem_1fr] gap-x-2 gap-y-1">
        <span className="text-zinc-500">declared</span>
        <ul aria-label="Declared CSP" className="font-mono text-zinc-300">
          {declaredLines(app.declaredCsp).map((l) => (
            <li key={l} className="break-all">
              {l}
            </li>
          ))}
        </ul>
        <span className="text-zinc-500">effective</span>
        <div aria-label="Effective CSP" className="flex flex-col gap-0.5">
          {app.applied ? (
            <ul className="font-mono text-zinc-300">
              {app.applied.policy.split('; ').map((d) => (
                <li key={d} className="break-all">
                  {d}
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-zinc-500">(the sandbox has not reported it yet)</span>
          )}
          {app.frame && (
            <span className="text-zinc-500">
              sandbox=&quot;{app.frame.sandbox}&quot;{app.frame.allow ? ` allow="${app.frame.allow}"` : ''}
              {app.frame.refusedFlags.length > 0 ? ` · refused: ${app.frame.refusedFlags.join(' ')}` : ''}
            </span>
          )}
          {app.applied?.dropped.map((d, i) => (
            <span key={i} role="note" className="text-amber-300">
              dropped {d.list}: {d.entry}: {d.reason}
            </span>
          ))}
        </div>
        <span className="text-zinc-500">violations</span>
        <ul aria-label="CSP violations" className="flex flex-col gap-0.5">
          {violations.length === 0 && <li className="text-zinc-500">none recorded</li>}
          {violations.map((v) => (
            <li key={v.seq} className="break-all text-amber-200">
              #{v.seq} {v.directive}: {v.blockedUri || '(inline)'}
            </li>
          ))}
        </ul>
      </section>
    </details>
  );
}
