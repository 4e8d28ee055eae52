'use client';
import { useEffect, useState } from 'react';
import '../../lib/browser/noEval';
import { useLoupe } from '../../lib/browser/store';
import { startModelClock } from '../../lib/browser/model-clock';
import type { Trace } from '../../lib/trace';
import { IMPORT_LABELS } from '../../lib/trace/imported';
import { openTrace, useTraceHeaders } from './openTrace';
import { SessionView } from '../session/SessionView';
import { SessionTabs, panelDomId, tabDomId } from '../shell/SessionTabs';
import { Button } from '../ui/Button';
import { CompareDialog } from './CompareDialog';
import { readEmbeddedTrace } from './embedded';
import { TraceDropTarget } from './TraceDropTarget';
import { TraceImport } from './TraceImport';
import { useComparableTraces } from './useComparableTraces';

/**
 * The proxy-less viewer: opens trace files (picker, drop, `?trace=URL`, or the trace embedded in
 * a self-contained viewer file) into the same session views the live page uses, and re-exports.
 */
export function TraceViewer({ loupeVersion }: { loupeVersion: string }) {
  const active = useLoupe((s) => s.activeTab);
  const headers = useTraceHeaders((s) => s.byId);
  const [comparing, setComparing] = useState(false);
  const comparable = useComparableTraces();
  const [embedError, setEmbedError] = useState<string>();
  // Every opened file's model is analysed in slices and finished, whatever pane is shown.
  useEffect(() => startModelClock(useLoupe), []);

  const open = (name: string, trace: Trace) => {
    setEmbedError(undefined);
    openTrace(name, trace);
  };

  useEffect(() => {
    useTraceHeaders.setState({ loupeVersion });
    try {
      const embedded = readEmbeddedTrace(document);
      if (embedded) open(embedded.name, embedded.trace);
    } catch (e) {
      setEmbedError(`the embedded trace was not opened: ${(e as Error).message}`);
    }
  }, []);

  const header = active ? headers[active] : undefined;
  const facts = header
    ? [
        `${header.target.name} · ${header.importedFrom ? `from ${IMPORT_LABELS[header.importedFrom.kind]}` : header.target.transport}`,
        header.negotiatedVersion,
        header.redaction ? `${header.redaction.count} value(s) redacted` : undefined,
      ]
        .filter(Boolean)
        .join(' · ')
    : undefined;
  return (
    <TraceDropTarget className="flex h-screen flex-col text-zinc-100">
      {/* One line at any width: the trace's facts give way (cut, whole in their tooltip). */}
      <header className="flex items-center gap-3 whitespace-nowrap border-b border-zinc-800 px-3 py-2">
        <h1 className="shrink-0 text-sm font-semibold">Loupe trace viewer</h1>
        {facts && (
          <span className="min-w-0 truncate text-xs text-zinc-400" title={facts}>
            {facts}
          </span>
        )}
        <div className="ml-auto shrink-0">{active && <TraceImport onOpen={open} readUrlParam={false} compact />}</div>
        <Button className="shrink-0" disabled={comparable.length < 2} onClick={() => setComparing(true)}>
          Compare…
        </Button>
      </header>
      {embedError && (
        <p role="alert" className="px-3 py-1 text-xs text-red-300">
          {embedError}
        </p>
      )}
      <SessionTabs />
      {active ? (
        <div role="tabpanel" id={panelDomId(active)} aria-labelledby={tabDomId(active)} className="flex min-h-0 flex-1 flex-col">
          <SessionView key={active} traceId={active} />
        </div>
      ) : (
        <div className="m-auto w-[28rem] max-w-full p-4">
          <TraceImport onOpen={open} />
        </div>
      )}
      <CompareDialog open={comparing} onClose={() => setComparing(false)} traces={comparable} />
    </TraceDropTarget>
  );
}
