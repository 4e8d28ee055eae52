'use client';
import { capabilitiesText, type OpenOptionsDraft } from '../../lib/browser/openOptions';
import { CAPABILITY_CHOICES, hasChoice, withChoice } from '../../lib/client/capabilities';
import type { OpenOptions } from '../../lib/wire/protocol';
import { asObject } from '../../lib/mcp/json';

/**
 * Checkboxes over the client capabilities JSON: each one adds or removes its key in the text the
 * handshake will send, so the person sees (and may still hand-edit) exactly what is declared.
 */
export function CapabilityChoices({ draft, defaults }: { draft: OpenOptionsDraft & { edit(d: OpenOptionsDraft): void }; defaults: OpenOptions }) {
  const text = draft.capabilitiesText ?? capabilitiesText(defaults);
  let caps: Record<string, unknown> | undefined;
  try {
    const v: unknown = JSON.parse(text);
    caps = asObject(v);
  } catch {
    caps = undefined;
  }
  return (
    <fieldset aria-label="Client capabilities" disabled={!caps} className="flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-zinc-300">
      {CAPABILITY_CHOICES.map((c) => (
        <label key={c.id} className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={caps ? hasChoice(caps, c.id) : false}
            onChange={(e) => caps && draft.edit({ capabilitiesText: JSON.stringify(withChoice(caps, c.id, e.target.checked), null, 2) })}
          />
          {c.label}
        </label>
      ))}
    </fieldset>
  );
}
