'use client';
/**
 * The Export dialog's state and what follows from it: the frames in scope, the redaction preview
 * (the very code that will write the file) and the text of the chosen format.
 */
import { useMemo, useState } from 'react';
import type { Frame } from '../../lib/mcp/frame';
import {
  checkCustomRule, prepareExport, renderExport, exportFileName,
  type CustomRule, type ExportFormat, type FrameSelection, type TraceTarget,
} from '../../lib/trace';

export type Scope = 'all' | 'selection' | 'time-range';

export interface ExportSource {
  frames: readonly Frame[];
  target: TraceTarget;
  loupeVersion: string;
  negotiatedVersion?: string;
  /** The connection's environment: values of secret-looking names are redacted. */
  env?: Record<string, string>;
  /** The frames the person selected in the page, for the "selection" scope. */
  selectedSeqs?: readonly number[];
  source?: 'live' | 'tap' | 'import';
  /** Wall-clock time of ts 0, for HAR and OTLP times. */
  startedAt?: string;
}

export function useExportModel(src: ExportSource) {
  const lastMs = src.frames.length ? Math.ceil(src.frames[src.frames.length - 1].ts / 1000) : 0;
  const [scope, setScope] = useState<Scope>('all');
  const [format, setFormat] = useState<ExportFormat>('trace');
  const [optOut, setOptOut] = useState(false);
  const [range, setRange] = useState({ fromMs: 0, toMs: lastMs });
  const [custom, setCustom] = useState<CustomRule[]>([]);

  const prepared = useMemo(() => {
    const selection: FrameSelection =
      scope === 'selection' ? { kind: 'frames', seqs: src.selectedSeqs ?? [] }
      : scope === 'time-range' ? { kind: 'time-range', fromUs: range.fromMs * 1000, toUs: range.toMs * 1000 }
      : { kind: 'all' };
    const p = prepareExport({
      frames: src.frames, target: src.target, loupeVersion: src.loupeVersion, negotiatedVersion: src.negotiatedVersion,
      source: src.source, selection, redact: optOut ? false : { env: src.env, custom },
    });
    if (src.startedAt) p.header.startedAt = src.startedAt;
    return p;
  }, [src.frames, src.target, src.loupeVersion, src.negotiatedVersion, src.env, src.selectedSeqs, src.source, src.startedAt, scope, range.fromMs, range.toMs, optOut, custom]);

  function addRule(rule: CustomRule): string | undefined {
    const problem = checkCustomRule(rule);
    if (!problem) setCustom((c) => [...c, { ...rule, id: rule.id || `custom-${c.length + 1}` }]);
    return problem;
  }

  return {
    scope, setScope, format, setFormat, optOut, setOptOut, range, setRange, lastMs,
    custom, addRule, removeRule: (i: number) => setCustom((c) => c.filter((_, j) => j !== i)),
    frameCount: prepared.frames.length,
    hits: prepared.hits,
    fileName: () => exportFileName(src.target.name, format, new Date()),
    text: (viewerHtml?: string) => renderExport({ header: prepared.header, frames: prepared.frames }, format, src.loupeVersion, viewerHtml),
  };
}

export type ExportModel = ReturnType<typeof useExportModel>;
