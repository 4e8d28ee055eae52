'use client';
import { useEffect, useState } from 'react';
import { exportConnections, failureOf } from '../../lib/browser/actions';
import { saveText } from '../../lib/browser/download';
import { CopyButton } from '../traffic/CopyButton';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { inputClass } from '../ui/Field';
import { FormError } from '../ui/FormError';

/**
 * Connections as the `mcpServers` JSON hosts read (Claude Desktop, Cursor, Claude Code). The proxy
 * writes it, since only it holds the real env and header values; they are redacted (the same
 * redaction as every export) unless the person ticks the box, and the dialog says what was.
 */
export function ExportServersDialog({ ids, title, onClose }: { ids?: string[]; title: string; onClose: () => void }) {
  const [reveal, setReveal] = useState(false);
  const [out, setOut] = useState<{ json: string; redacted: string[] }>();
  const [error, setError] = useState<string>();
  const key = JSON.stringify(ids ?? null);
  useEffect(() => {
    let live = true;
    exportConnections(key === 'null' ? undefined : (JSON.parse(key) as string[]), reveal).then(
      (r) => live && (setOut(r), setError(undefined)),
      (e) => live && setError(failureOf(e).message),
    );
    return () => {
      live = false;
    };
  }, [key, reveal]);
  return (
    <Dialog open title={title} onClose={onClose} wide>
      <div className="flex flex-col gap-3 text-xs">
        <label className="flex items-center gap-1 text-zinc-300">
          <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} />
          Include secret values (env and header values, tokens in arguments and URLs)
        </label>
        {out && (
          <p role="status" className={reveal ? 'text-amber-300' : 'text-zinc-400'}>
            {reveal
              ? 'Secrets included: keep this text private.'
              : out.redacted.length > 0
                ? `${out.redacted.length} secret value${out.redacted.length === 1 ? '' : 's'} redacted (${out.redacted.join(', ')}): put them back in the host's config, or tick the box.`
                : 'Nothing looked secret: no value was redacted.'}
          </p>
        )}
        <FormError message={error} />
        <textarea aria-label="mcpServers JSON" readOnly className={`${inputClass} h-72 resize-y`} spellCheck={false} value={out?.json ?? ''} />
        <div className="flex justify-end gap-2">
          {out && <CopyButton text={out.json} label="Copy mcpServers JSON" caption="Copy" />}
          <Button variant="primary" disabled={!out} onClick={() => out && saveText('mcpServers.json', out.json, 'application/json')}>
            Download
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
