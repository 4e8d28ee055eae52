'use client';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { Trace } from '../../lib/trace';
import { Button } from '../ui/Button';
import { loadTraceFile, loadTraceUrl, traceUrlFromSearch, type LoadResult, type TraceFetch } from './loadTrace';

export interface TraceImportProps {
  /** A trace was read completely and validated. */
  onOpen: (name: string, trace: Trace) => void;
  /** Also open `?trace=URL` from the page's address once, on mount. */
  readUrlParam?: boolean;
  /** One line for a toolbar instead of the large drop area. */
  compact?: boolean;
  /** How `?trace=URL` is requested (the dashboard goes through its proxy); directly by default. */
  fetchTrace?: TraceFetch;
}

/** Open a trace: a file picker, a drop zone and `?trace=URL`. A refused file shows its line and reason. */
export function TraceImport({ onOpen, readUrlParam = true, compact = false, fetchTrace }: TraceImportProps) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string>();

  const take = async (load: Promise<LoadResult>) => {
    setBusy(true);
    setError(undefined);
    const r = await load;
    setBusy(false);
    if (r.ok) onOpen(r.name, r.trace);
    else setError(`${r.name} was not opened: ${r.error}`);
  };

  useEffect(() => {
    if (!readUrlParam) return;
    const url = traceUrlFromSearch(window.location.search, window.location.href);
    if (url) void take(loadTraceUrl(url, fetchTrace));
    // Once per mount: the address does not change under the page.
  }, []);

  const drop = (e: DragEvent) => {
    e.preventDefault();
    // Handled here: a page-wide drop target around this zone must not open the file a second time.
    e.stopPropagation();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) void take(loadTraceFile(file));
  };

  return (
    <section
      aria-label="Drop a trace file"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={
        compact
          ? `flex items-center gap-2 rounded border border-dashed px-1 text-xs ${over ? 'border-sky-400' : 'border-transparent'}`
          : `flex flex-col items-center gap-2 rounded border border-dashed p-4 text-xs ${over ? 'border-sky-400 bg-sky-950/30' : 'border-zinc-700'}`
      }
    >
      {!compact && <p className="text-zinc-400">Drop a Loupe trace, an MCP Inspector export or a host’s MCP log here, or</p>}
      <Button onClick={() => input.current?.click()} disabled={busy}>
        Open trace file…
      </Button>
      <input
        ref={input}
        type="file"
        aria-label="Trace file"
        // Traces, and what Loupe imports: the MCP Inspector's export (.json), hosts' logs (.log).
        accept=".ndjson,.jsonl,.json,.log,.txt,application/x-ndjson,application/json"
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void take(loadTraceFile(file));
        }}
      />
      {busy && (
        <p role="status" className="text-zinc-400">
          Reading…
        </p>
      )}
      {error && (
        // In a toolbar the reason is cut to keep the bar one line; its tooltip holds it whole.
        <p role="alert" className={compact ? 'max-w-96 truncate text-red-300' : 'max-w-full break-words text-red-300'} title={compact ? error : undefined}>
          {error}
        </p>
      )}
    </section>
  );
}
