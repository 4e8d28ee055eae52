/**
 * The client settings as a person edits them (text fields), checked before anything is saved so
 * a typo gets a precise message instead of a refusal from the proxy.
 */
import { ClientSettingsSchema, type ClientSettings } from '../wire/connection';
import { parseOtlpEndpoint } from '../wire/otlp-endpoint';

export interface SettingsDraft {
  requestTimeoutMs: string;
  resetTimeoutOnProgress?: boolean;
  maxTotalTimeoutMs: string;
  requestMeta: string;
  autoRefreshLists?: boolean;
  otlpUrl: string;
}

export function settingsDraft(s: ClientSettings | undefined): SettingsDraft {
  return {
    requestTimeoutMs: s?.requestTimeoutMs?.toString() ?? '',
    resetTimeoutOnProgress: s?.resetTimeoutOnProgress,
    maxTotalTimeoutMs: s?.maxTotalTimeoutMs?.toString() ?? '',
    requestMeta: s?.requestMeta ? JSON.stringify(s.requestMeta, null, 2) : '',
    autoRefreshLists: s?.autoRefreshLists,
    otlpUrl: s?.otlpUrl ?? '',
  };
}

function millis(text: string, what: string): { ms?: number; error?: string } {
  const t = text.trim();
  if (!t) return {};
  const n = Number(t);
  if (!Number.isInteger(n) || n <= 0) return { error: `${what} must be a whole number of milliseconds above 0 (or empty for the default), not “${t}”.` };
  return { ms: n };
}

/** Settings to save (undefined when every field is at its default), or why the draft cannot be saved. */
export function resolveSettings(d: SettingsDraft): { ok: true; settings: ClientSettings | undefined } | { ok: false; error: string } {
  const timeout = millis(d.requestTimeoutMs, 'The request timeout');
  if (timeout.error) return { ok: false, error: timeout.error };
  const max = millis(d.maxTotalTimeoutMs, 'The maximum total timeout');
  if (max.error) return { ok: false, error: max.error };
  if (timeout.ms !== undefined && max.ms !== undefined && max.ms < timeout.ms)
    return { ok: false, error: 'The maximum total timeout is shorter than the request timeout: it would cut every request short.' };
  let meta: unknown;
  if (d.requestMeta.trim()) {
    try {
      meta = JSON.parse(d.requestMeta);
    } catch (e) {
      return { ok: false, error: `_meta is not valid JSON: ${(e as Error).message}.` };
    }
    if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return { ok: false, error: '_meta must be a JSON object, e.g. {"tenant": "acme"}.' };
    if ('progressToken' in meta) return { ok: false, error: '_meta.progressToken is set per request by Loupe’s client: leave it out.' };
  }
  const otlpUrl = d.otlpUrl.trim();
  const otlp = otlpUrl ? parseOtlpEndpoint(otlpUrl) : undefined;
  if (typeof otlp === 'string') return { ok: false, error: `OpenTelemetry: ${otlp}.` };
  const settings: ClientSettings = {
    ...(timeout.ms !== undefined ? { requestTimeoutMs: timeout.ms } : {}),
    ...(d.resetTimeoutOnProgress !== undefined ? { resetTimeoutOnProgress: d.resetTimeoutOnProgress } : {}),
    ...(max.ms !== undefined ? { maxTotalTimeoutMs: max.ms } : {}),
    ...(meta && Object.keys(meta).length ? { requestMeta: meta as Record<string, unknown> } : {}),
    ...(d.autoRefreshLists !== undefined ? { autoRefreshLists: d.autoRefreshLists } : {}),
    ...(otlpUrl ? { otlpUrl } : {}),
  };
  const parsed = ClientSettingsSchema.safeParse(settings);
  if (!parsed.success) return { ok: false, error: `The settings are invalid: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}.` };
  return { ok: true, settings: Object.keys(parsed.data).length ? parsed.data : undefined };
}
