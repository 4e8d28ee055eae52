'use client';
import { DISPLAY_MODES, type AppInstance, type DisplayMode, type HostChoices } from '../../lib/browser/apps/appsStore';
import { setAppChoices } from '../../lib/browser/apps/open-app';

const field = 'rounded border border-zinc-700 bg-zinc-900 px-1 py-0.5 text-[11px] text-zinc-100';

/** A number of pixels typed by the person, or undefined (empty: the app's own size is honoured). */
function pixels(text: string): number | undefined {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n > 0 && n <= 10_000 ? n : undefined;
}

/** The host context the app is given, each change sent to it as ui/notifications/host-context-changed. */
export function AppControls({ app }: { app: AppInstance }) {
  const c = app.choices;
  const set = (p: Partial<HostChoices>) => setAppChoices(app.key, { ...c, ...p });
  return (
    <div role="group" aria-label={`Host context for ${app.toolName}`} className="flex flex-wrap items-center gap-2 text-[11px] text-zinc-400">
      <label className="flex items-center gap-1">
        theme
        <select aria-label="Theme" className={field} value={c.theme} onChange={(e) => set({ theme: e.target.value as HostChoices['theme'] })}>
          <option value="dark">dark</option>
          <option value="light">light</option>
        </select>
      </label>
      <label className="flex items-center gap-1">
        display
        <select aria-label="Display mode" className={field} value={c.displayMode} onChange={(e) => set({ displayMode: e.target.value as DisplayMode })}>
          {DISPLAY_MODES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        locale
        <input
          aria-label="Locale"
          className={`${field} w-16`}
          defaultValue={c.locale}
          onBlur={(e) => e.target.value.trim() && set({ locale: e.target.value.trim() })}
        />
      </label>
      <label className="flex items-center gap-1">
        time zone
        <input
          aria-label="Time zone"
          className={`${field} w-28`}
          defaultValue={c.timeZone}
          onBlur={(e) => e.target.value.trim() && set({ timeZone: e.target.value.trim() })}
        />
      </label>
      <label className="flex items-center gap-1">
        size
        <input
          aria-label="Container width"
          placeholder="auto"
          className={`${field} w-12`}
          defaultValue={c.width ?? ''}
          onBlur={(e) => set({ width: pixels(e.target.value) })}
        />
        ×
        <input
          aria-label="Container height"
          placeholder="auto"
          className={`${field} w-12`}
          defaultValue={c.height ?? ''}
          onBlur={(e) => set({ height: pixels(e.target.value) })}
        />
      </label>
    </div>
  );
}
