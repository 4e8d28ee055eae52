'use client';
import { useState } from 'react';
import { importConnections } from '../../lib/browser/actions';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { inputClass } from '../ui/Field';
import { FormError } from '../ui/FormError';

const example = `{
  "mcpServers": {
    "filesystem": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] }
  }
}`;

/** Pastes the `mcpServers` block that MCP hosts keep in their config files. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    try {
      JSON.parse(text);
    } catch (e) {
      return setError(`This is not valid JSON: ${(e as Error).message}. Paste the whole object that contains "mcpServers".`);
    }
    setBusy(true);
    try {
      await importConnections(text);
      setText('');
      setError(undefined);
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title="Import mcpServers JSON" onClose={onClose} wide>
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-xs text-zinc-400">
          <span>Paste the JSON from your MCP host&apos;s config (for example claude_desktop_config.json or .vscode/mcp.json)</span>
          <textarea className={`${inputClass} h-56 resize-y`} spellCheck={false} value={text} placeholder={example} onChange={(e) => setText(e.target.value)} />
        </label>
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={busy || !text.trim()} onClick={() => void submit()}>
            Import
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
