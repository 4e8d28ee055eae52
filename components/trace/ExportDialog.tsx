'use client';
import { useState } from 'react';
import { EXPORT_FORMATS, FORMAT_INFO, type ExportFormat } from '../../lib/render';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { CustomRules } from './CustomRules';
import { RedactionPreview } from './RedactionPreview';
import { saveText } from '../../lib/browser/download';
import { useExportModel, type ExportSource, type Scope } from './useExportModel';

export interface ExportDialogProps extends ExportSource {
  open: boolean;
  onClose: () => void;
  /** Where the file goes; by default the browser downloads it. */
  onSave?: (fileName: string, text: string, mime: string) => void;
  /** Where the self-contained viewer is served, for the one-file HTML export. */
  viewerUrl?: string;
}

/** Export a session: scope, format, the redaction preview, custom rules and the explicit opt-out. */
export function ExportDialog({ open, onClose, ...rest }: ExportDialogProps) {
  // The form mounts only while the dialog is open: the preview redacts every frame in scope,
  // which a closed dialog has no reason to pay for.
  return (
    <Dialog open={open} title="Export trace" onClose={onClose} wide>
      {open && <ExportForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function ExportForm({ onClose, onSave = saveText, viewerUrl = 'loupe-viewer.html', ...source }: Omit<ExportDialogProps, 'open'>) {
  const m = useExportModel(source);
  const [error, setError] = useState<string>();
  const selected = source.marked?.size ?? 0;
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setError(undefined);
    setSaving(true);
    try {
      const viewer = m.format === 'html' ? await fetchViewer(viewerUrl) : undefined;
      onSave(m.fileName(), await m.text(viewer), FORMAT_INFO[m.format].mime);
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const scopes: { id: Scope; label: string; disabled?: boolean }[] = [
    { id: 'all', label: `Whole session (${framesCount(source.frames.length)})` },
    { id: 'selection', label: `Selection (${framesCount(selected)})`, disabled: selected === 0 },
    { id: 'time-range', label: 'Time range' },
  ];
  return (
    <div className="flex flex-col gap-3 text-xs">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-zinc-400">Frames</legend>
        {scopes.map((s) => (
          <label key={s.id} className={`flex items-center gap-2 ${s.disabled ? 'opacity-40' : ''}`}>
            <input type="radio" name="export-scope" checked={m.scope === s.id} disabled={s.disabled} onChange={() => m.setScope(s.id)} />
            {s.label}
          </label>
        ))}
        {m.scope === 'time-range' && (
          <div className="ml-6 flex items-center gap-2">
            <label className="flex items-center gap-1">
              From{' '}
              <input
                type="number"
                aria-label="From (ms)"
                min={0}
                value={m.range.fromMs}
                onChange={(e) => m.setRange({ ...m.range, fromMs: Number(e.target.value) })}
                className="w-24 rounded border border-zinc-700 bg-zinc-950 px-1"
              />{' '}
              ms
            </label>
            <label className="flex items-center gap-1">
              to{' '}
              <input
                type="number"
                aria-label="To (ms)"
                min={0}
                value={m.range.toMs}
                onChange={(e) => m.setRange({ ...m.range, toMs: Number(e.target.value) })}
                className="w-24 rounded border border-zinc-700 bg-zinc-950 px-1"
              />{' '}
              ms
            </label>
          </div>
        )}
      </fieldset>
      <label className="flex flex-col gap-1 text-zinc-400">
        Format
        <select
          aria-label="Format"
          value={m.format}
          onChange={(e) => m.setFormat(e.target.value as ExportFormat)}
          className="rounded border border-zinc-700 bg-zinc-950 px-1 py-0.5 text-zinc-100"
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_INFO[f].label}
            </option>
          ))}
        </select>
      </label>
      {m.harEmpty && (
        <p role="note" aria-label="Empty HAR" className="rounded border border-amber-800 bg-amber-950/40 px-2 py-1 text-amber-200">
          {m.harEmpty}
        </p>
      )}
      <section aria-label="Redaction" className="flex flex-col gap-2">
        <h3 className="text-zinc-400">Redaction</h3>
        <RedactionPreview hits={m.hits} total={m.hitCount} optOut={m.optOut} />
        {m.previewError && (
          <p role="alert" className="text-red-300">
            {m.previewError}
          </p>
        )}
        {!m.optOut && <CustomRules rules={m.custom} onAdd={m.addRule} onRemove={m.removeRule} />}
        <label className="flex items-center gap-2 text-amber-200">
          <input type="checkbox" checked={m.optOut} onChange={(e) => m.setOptOut(e.target.checked)} />
          Do not redact: keep secrets in the file
        </label>
      </section>
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      <footer className="flex items-center justify-end gap-2 border-t border-zinc-800 pt-3">
        <span className="mr-auto text-zinc-500">{m.frameCount ?? '…'} frames</span>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => void save()} disabled={!m.frameCount || saving}>
          Save {FORMAT_INFO[m.format].extension}
        </Button>
      </footer>
    </div>
  );
}

async function fetchViewer(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch {
    throw new Error(`the offline viewer could not be loaded from ${url}; export the Loupe trace instead, or build the viewer (node scripts/build-viewer.mjs)`);
  }
  if (!res.ok) throw new Error(`the offline viewer is not available (${res.status} for ${url}): build it with node scripts/build-viewer.mjs`);
  return res.text();
}

/** "1 frame", "2 frames": the scope's label reads as a person would say it. */
function framesCount(n: number): string {
  return `${n.toLocaleString('en-US')} frame${n === 1 ? '' : 's'}`;
}
