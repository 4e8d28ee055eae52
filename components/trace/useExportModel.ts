'use client';
/**
 * The Export dialog's state and what follows from it: the frames in scope, the redaction preview
 * (the very code that will write the file) and the text of the chosen format. A live session is
 * prepared by the proxy (`remote`), which alone knows the connection's real env and header values;
 * a trace file is prepared here.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import { loadCustomRules, saveCustomRules } from '../../lib/browser/customRulesStorage';
import type { RemoteExport } from '../../lib/browser/traceExport';
import type { RangeSet } from '../../lib/view/range-set';
import type { ExportSelection } from '../../lib/wire/trace-export';
import { checkCustomRule, readTraceText, type CustomRule, type ImportedFrom, type RedactionHit, type TraceTarget } from '../../lib/trace';
import { harEmptyReason, prepareExport, renderExport, exportFileName, selectFrames, type ExportFormat } from '../../lib/render';

export type Scope = 'all' | 'selection' | 'time-range';

export interface ExportSource {
  frames: readonly Frame[];
  target: TraceTarget;
  loupeVersion: string;
  negotiatedVersion?: string;
  /** The session's request timeout (ms), written in the header. */
  requestTimeoutMs?: number;
  /** The connection's environment: values of secret-looking names are redacted. */
  env?: Record<string, string>;
  /** The frames the person selected in the page, for the "selection" scope: seq ranges. */
  marked?: RangeSet;
  source?: 'live' | 'tap' | 'import';
  /** An imported file's source and what it lacks, kept in a trace written from it. */
  importedFrom?: ImportedFrom;
  /** Wall-clock time of ts 0, for HAR and OTLP times. */
  startedAt?: string;
  /** Set for a live session: the proxy previews and writes the file. */
  remote?: RemoteExport;
}

type Preview = { frameCount: number; hits: RedactionHit[]; hitCount: number };

/** `value`, but changed at most once a second: a live session may grow many times a second,
 *  and each change asks the proxy for a new preview of the whole session. */
function useAtMostEverySecond(value: number): number {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  latest.current = value;
  useEffect(() => {
    if (shown === value || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setShown(latest.current);
    }, 1000);
  }, [shown, value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return shown;
}

export function useExportModel(src: ExportSource) {
  const lastMs = src.frames.length ? Math.ceil(src.frames[src.frames.length - 1].ts / 1000) : 0;
  // Several marked frames are most likely what the person means to export.
  const [scope, setScope] = useState<Scope>((src.marked?.size ?? 0) > 1 ? 'selection' : 'all');
  const [format, setFormat] = useState<ExportFormat>('trace');
  const [optOut, setOptOut] = useState(false);
  const [range, setRange] = useState({ fromMs: 0, toMs: lastMs });
  // The person's own rules apply to every export until removed (kept with the page's preferences).
  const [custom, setCustom] = useState<CustomRule[]>(loadCustomRules);
  useEffect(() => saveCustomRules(custom), [custom]);

  const selection = useMemo(
    (): ExportSelection =>
      scope === 'selection'
        ? { kind: 'ranges', ranges: (src.marked?.ranges ?? []).map(([from, to]) => [from, to]) }
        : scope === 'time-range'
          ? { kind: 'time-range', fromUs: range.fromMs * 1000, toUs: range.toMs * 1000 }
          : { kind: 'all' },
    [scope, src.marked, range.fromMs, range.toMs],
  );

  const local = useMemo(() => {
    if (src.remote) return undefined;
    const p = prepareExport({
      frames: src.frames,
      target: src.target,
      loupeVersion: src.loupeVersion,
      negotiatedVersion: src.negotiatedVersion,
      requestTimeoutMs: src.requestTimeoutMs,
      source: src.source,
      importedFrom: src.importedFrom,
      selection,
      redact: optOut ? false : { env: src.env, custom },
    });
    if (src.startedAt) p.header.startedAt = src.startedAt;
    return p;
  }, [
    src.remote,
    src.frames,
    src.target,
    src.loupeVersion,
    src.negotiatedVersion,
    src.requestTimeoutMs,
    src.env,
    src.source,
    src.importedFrom,
    src.startedAt,
    selection,
    optOut,
    custom,
  ]);

  const [remote, setRemote] = useState<{ preview?: Preview; error?: string }>({});
  const frameTotal = useAtMostEverySecond(src.frames.length);
  useEffect(() => {
    if (!src.remote) return;
    let current = true;
    setRemote({});
    src.remote(selection, optOut ? false : { custom }, true).then(
      (a) => current && setRemote({ preview: { frameCount: a.frameCount, hits: a.hits, hitCount: a.hitCount } }),
      (e: Error) => current && setRemote({ error: `The preview could not be made: ${e.message}` }),
    );
    return () => {
      current = false;
    };
  }, [src.remote, selection, optOut, custom, frameTotal]);

  function addRule(rule: CustomRule): string | undefined {
    const problem = checkCustomRule(rule);
    if (!problem) setCustom((c) => [...c, { ...rule, id: rule.id || `custom-${c.length + 1}` }]);
    return problem;
  }

  async function text(viewerHtml?: string): Promise<string> {
    if (local) return renderExport({ header: local.header, frames: local.frames }, format, src.loupeVersion, viewerHtml);
    const answer = await src.remote!(selection, optOut ? false : { custom }, false);
    if (answer.text === undefined) throw new Error('The proxy sent no file.');
    return format === 'trace' ? answer.text : renderExport(readTraceText(answer.text), format, src.loupeVersion, viewerHtml);
  }

  const preview = local ? { hits: local.hits, hitCount: local.hits.length } : remote.preview;
  // Said before the download, from the frames in scope (the proxy writes the same ones).
  const harEmpty = useMemo(
    () => (format === 'har' ? harEmptyReason(local ? local.frames : selectFrames(src.frames, selection), src.target.transport) : undefined),
    [format, local, src.frames, src.target, selection],
  );
  return {
    scope,
    setScope,
    format,
    setFormat,
    optOut,
    setOptOut,
    range,
    setRange,
    lastMs,
    custom,
    addRule,
    removeRule: (i: number) => setCustom((c) => c.filter((_, j) => j !== i)),
    /** Undefined while the proxy prepares the preview. */
    frameCount: local ? local.frames.length : remote.preview?.frameCount,
    hits: preview?.hits,
    /** Every value that will be redacted; `hits` may list only the first of them. */
    hitCount: preview?.hitCount ?? 0,
    previewError: remote.error,
    /** Why a HAR of the frames in scope would be empty (a stdio session has no HTTP exchanges). */
    harEmpty,
    fileName: () => exportFileName(src.target.name, format, new Date()),
    text,
  };
}
