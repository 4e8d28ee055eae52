'use client';
import { useState } from 'react';
import { resolveSettings, settingsDraft, type SettingsDraft } from '../../lib/client/settings-draft';
import { DEFAULT_TIMEOUTS } from '../../lib/client/request-settings';
import type { ClientSettings } from '../../lib/wire/connection';
import { Field, inputClass, TextInput } from '../ui/Field';

/**
 * How the session's client sends requests (timeouts, `_meta`, list refresh) and where the proxy
 * streams its spans and metrics, saved with the connection on every valid edit and applied in the
 * proxy, so every request of the session follows them; an invalid edit is shown and not saved.
 */
export function ClientSettingsEditor({ settings, onSave }: { settings: ClientSettings | undefined; onSave: (s: ClientSettings | undefined) => void }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraft(settings));
  const resolved = resolveSettings(draft);
  const edit = (patch: Partial<SettingsDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const r = resolveSettings(next);
    if (r.ok) onSave(r.settings);
  };
  return (
    <fieldset aria-label="Client settings" className="flex flex-col gap-2 rounded border border-zinc-800 p-2">
      <legend className="px-1 text-[11px] text-zinc-400">Client settings (every request of the session)</legend>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Request timeout (ms)">
          <TextInput
            inputMode="numeric"
            placeholder={String(DEFAULT_TIMEOUTS.requestTimeoutMs)}
            value={draft.requestTimeoutMs}
            onChange={(e) => edit({ requestTimeoutMs: e.target.value })}
          />
        </Field>
        <Field label="Maximum total timeout (ms)">
          <TextInput
            inputMode="numeric"
            placeholder={String(DEFAULT_TIMEOUTS.maxTotalTimeoutMs)}
            value={draft.maxTotalTimeoutMs}
            onChange={(e) => edit({ maxTotalTimeoutMs: e.target.value })}
          />
        </Field>
      </div>
      <label className="flex items-center gap-1 text-xs text-zinc-300">
        <input
          type="checkbox"
          checked={draft.resetTimeoutOnProgress ?? DEFAULT_TIMEOUTS.resetTimeoutOnProgress}
          onChange={(e) => edit({ resetTimeoutOnProgress: e.target.checked })}
        />
        Reset the timeout on progress
      </label>
      <label className="flex items-center gap-1 text-xs text-zinc-300">
        <input type="checkbox" checked={draft.autoRefreshLists ?? true} onChange={(e) => edit({ autoRefreshLists: e.target.checked })} />
        List the server’s offer on Connect, read it again on list_changed
      </label>
      <Field label="_meta added to every request (JSON object)">
        <textarea
          className={`${inputClass} h-16 resize-y`}
          spellCheck={false}
          placeholder='{"tenant": "acme"}'
          value={draft.requestMeta}
          onChange={(e) => edit({ requestMeta: e.target.value })}
          aria-invalid={!resolved.ok}
        />
      </Field>
      <Field
        label="OpenTelemetry receiver (OTLP/HTTP URL)"
        hint="Each session's spans and metrics are streamed there as they happen (empty: loupe start --otlp's, if any)."
      >
        <TextInput
          inputMode="url"
          spellCheck={false}
          placeholder="http://127.0.0.1:4318"
          value={draft.otlpUrl}
          onChange={(e) => edit({ otlpUrl: e.target.value })}
        />
      </Field>
      {!resolved.ok && (
        <p role="alert" className="text-[11px] text-red-300">
          {resolved.error} Not saved.
        </p>
      )}
    </fieldset>
  );
}
