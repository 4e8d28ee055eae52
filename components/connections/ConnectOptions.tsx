'use client';
import { useEffect, useId, useState } from 'react';
import { saveConnection } from '../../lib/browser/actions';
import {
  capabilitiesText,
  connectionDefaults,
  draftFor,
  fallbackOptions,
  resolveOpenOptions,
  useInvalidOptions,
  type OpenOptionsDraft,
} from '../../lib/browser/openOptions';
import { useLoupe } from '../../lib/browser/store';
import { KNOWN_VERSIONS } from '../../lib/mcp/versions';
import type { ClientSettings, Connection } from '../../lib/wire/connection';
import { CapabilityChoices } from '../client/CapabilityChoices';
import { Button } from '../ui/Button';
import { ClientSettingsEditor } from './ClientSettingsEditor';
import { Field, inputClass, TextInput } from '../ui/Field';
import { EraChoice } from './EraChoice';

/**
 * The handshake one connection runs on Connect: protocol version and client capabilities. Every
 * valid edit is saved with the connection at once (connections.json), so the next Connect, a
 * reload or another page all use it; an invalid edit is shown and not saved.
 */
export function ConnectOptions({ connection }: { connection: Connection }) {
  const [draft, setDraft] = useState<OpenOptionsDraft>(() => draftFor(connection.options));
  const defaults = connectionDefaults(useLoupe((s) => s.defaults) ?? fallbackOptions, draft.era);
  const [saveError, setSaveError] = useState<string>();
  const resolved = resolveOpenOptions(draft, defaults);
  const listId = useId();
  const invalid = resolved.ok ? undefined : resolved.error;
  useEffect(() => {
    useInvalidOptions.getState().set(connection.id, invalid);
  }, [connection.id, invalid]);
  // A closed editor discards its unsaved edit: Connect uses the saved options again.
  useEffect(() => () => useInvalidOptions.getState().set(connection.id, undefined), [connection.id]);

  // Connect options and client settings are saved together; an edit of one keeps the other.
  const persist = (options: Connection['options']) =>
    saveConnection({ ...connection, options: options && Object.keys(options).length ? options : undefined }).then(
      () => setSaveError(undefined),
      (e: Error) => setSaveError(`The options were not saved: ${e.message}`),
    );

  const edit = (patch: OpenOptionsDraft) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const r = resolveOpenOptions(next, defaults);
    if (!r.ok) return;
    void persist({
      ...(next.protocolVersion !== undefined ? { protocolVersion: r.options.protocolVersion } : {}),
      ...(next.capabilitiesText !== undefined ? { clientCapabilities: r.options.clientCapabilities } : {}),
      ...(next.era !== undefined ? { era: next.era } : {}),
      ...(connection.options?.settings ? { settings: connection.options.settings } : {}),
    });
  };
  const saveSettings = (settings: ClientSettings | undefined) => {
    const { settings: _old, ...handshake } = connection.options ?? {};
    void persist({ ...handshake, ...(settings ? { settings } : {}) });
  };
  const [resets, setResets] = useState(0);

  const reset = () => {
    setDraft({});
    setResets((n) => n + 1);
    void persist(undefined);
  };

  return (
    <div role="group" aria-label={`Connect options of ${connection.name}`} className="flex flex-col gap-2 px-3 pb-2 pt-1">
      <Field label="Protocol version">
        <TextInput list={listId} value={draft.protocolVersion ?? defaults.protocolVersion} onChange={(e) => edit({ protocolVersion: e.target.value })} />
        <datalist id={listId}>
          {KNOWN_VERSIONS.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      </Field>
      <EraChoice value={draft.era} onChange={(era) => edit({ era })} />
      <CapabilityChoices draft={{ ...draft, edit }} defaults={defaults} />
      <Field label="Client capabilities (JSON)">
        <textarea
          className={`${inputClass} h-28 resize-y`}
          spellCheck={false}
          value={draft.capabilitiesText ?? capabilitiesText(defaults)}
          onChange={(e) => edit({ capabilitiesText: e.target.value })}
          aria-invalid={!resolved.ok}
        />
      </Field>
      <ClientSettingsEditor key={resets} settings={connection.options?.settings} onSave={saveSettings} />
      {!resolved.ok && (
        <p role="alert" className="text-[11px] text-red-300">
          {resolved.error} Not saved: Connect refuses until it is fixed.
        </p>
      )}
      {saveError && (
        <p role="alert" className="text-[11px] text-red-300">
          {saveError}
        </p>
      )}
      <div className="flex items-center gap-2">
        <Button variant="ghost" onClick={reset}>
          Reset to defaults
        </Button>
        <span className="text-[10px] text-zinc-500">{connection.options ? 'saved with this connection' : 'defaults: every capability Loupe answers'}</span>
      </div>
    </div>
  );
}
