'use client';
import { useId, useState } from 'react';
import { capabilitiesText, fallbackOptions, resolveOpenOptions, useOpenOptionsDraft } from '../../lib/browser/openOptions';
import { useLoupe } from '../../lib/browser/store';
import { KNOWN_VERSIONS } from '../../lib/mcp/versions';
import { CapabilityChoices } from '../client/CapabilityChoices';
import { Button } from '../ui/Button';
import { Field, inputClass, TextInput } from '../ui/Field';

/** The handshake the next Connect will run: protocol version and client capabilities. */
export function ConnectOptions() {
  const [open, setOpen] = useState(false);
  const defaults = useLoupe((s) => s.defaults) ?? fallbackOptions;
  const draft = useOpenOptionsDraft();
  const resolved = resolveOpenOptions(draft, defaults);
  const listId = useId();
  const panelId = useId();

  return (
    <div className="px-3 pb-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-1 text-left text-[11px] text-zinc-400 hover:text-zinc-200"
      >
        <span aria-hidden>{open ? '▾' : '▸'}</span> Connect options
        <span className="ml-auto font-mono text-zinc-500">{resolved.ok ? resolved.options.protocolVersion : 'invalid'}</span>
      </button>
      {open && (
        <div id={panelId} role="group" aria-label="Connect options" className="mt-2 flex flex-col gap-2">
          <Field label="Protocol version">
            <TextInput list={listId} value={draft.protocolVersion ?? defaults.protocolVersion} onChange={(e) => draft.edit({ protocolVersion: e.target.value })} />
            <datalist id={listId}>
              {KNOWN_VERSIONS.map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
          </Field>
          <CapabilityChoices draft={draft} defaults={defaults} />
          <Field label="Client capabilities (JSON)">
            <textarea
              className={`${inputClass} h-28 resize-y`}
              spellCheck={false}
              value={draft.capabilitiesText ?? capabilitiesText(defaults)}
              onChange={(e) => draft.edit({ capabilitiesText: e.target.value })}
              aria-invalid={!resolved.ok}
            />
          </Field>
          {!resolved.ok && (
            <p role="alert" className="text-[11px] text-red-300">
              {resolved.error}
            </p>
          )}
          <div>
            <Button variant="ghost" onClick={draft.reset}>
              Reset to defaults
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
