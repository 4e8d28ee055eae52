/**
 * The handshake options the person edits before pressing Connect: a protocol version and the
 * client capabilities as JSON text. The text is validated here, before anything is sent, so a typo
 * gets a precise message instead of a refusal from the proxy.
 */
import { OpenOptionsSchema, type OpenOptions } from '../wire/protocol';
import { create } from 'zustand';
import { DEFAULT_PROTOCOL_VERSION } from '../mcp/versions';
import { capabilitiesForEra, FULL_CLIENT_CAPABILITIES } from '../client/capabilities';
import type { EraChoice } from '../mcp/modern';
import type { Connection, ConnectOptions } from '../wire/connection';

export interface OpenOptionsDraft {
  /** Undefined while untouched: the proxy's defaults apply. */
  protocolVersion?: string;
  capabilitiesText?: string;
  /** Undefined while untouched: legacy. */
  era?: EraChoice;
}

export const fallbackOptions: OpenOptions = { protocolVersion: DEFAULT_PROTOCOL_VERSION, clientCapabilities: {} };

/** What Connect sends for this connection: its saved options over the defaults, which declare
 *  every client capability the page can answer (the proxy's own defaults stay minimal for the CLI). */
export function connectionDefaults(defaults: OpenOptions = fallbackOptions, era?: EraChoice): OpenOptions {
  return { protocolVersion: defaults.protocolVersion, clientCapabilities: capabilitiesForEra(FULL_CLIENT_CAPABILITIES, era) };
}

export function optionsFor(c: Pick<Connection, 'options'> | undefined, defaults: OpenOptions = fallbackOptions): OpenOptions {
  const era = c?.options?.era;
  const base = connectionDefaults(defaults, era);
  return {
    protocolVersion: c?.options?.protocolVersion ?? base.protocolVersion,
    clientCapabilities: c?.options?.clientCapabilities ?? base.clientCapabilities,
    ...(era ? { era } : {}),
  };
}

/** The draft a connection's saved options start from: untouched fields stay undefined. */
export function draftFor(options: ConnectOptions | undefined): OpenOptionsDraft {
  return {
    protocolVersion: options?.protocolVersion,
    capabilitiesText: options?.clientCapabilities ? JSON.stringify(options.clientCapabilities, null, 2) : undefined,
    era: options?.era,
  };
}

export function capabilitiesText(o: OpenOptions): string {
  return JSON.stringify(o.clientCapabilities, null, 2);
}

export type Resolved = { ok: true; options: OpenOptions } | { ok: false; error: string };

export function resolveOpenOptions(draft: OpenOptionsDraft, defaults: OpenOptions = fallbackOptions): Resolved {
  const protocolVersion = (draft.protocolVersion ?? defaults.protocolVersion).trim();
  if (!protocolVersion) return { ok: false, error: 'The protocol version is empty: enter one, e.g. 2025-11-25.' };
  let clientCapabilities: unknown = capabilitiesForEra(defaults.clientCapabilities, draft.era);
  if (draft.capabilitiesText !== undefined) {
    try {
      clientCapabilities = JSON.parse(draft.capabilitiesText);
    } catch (e) {
      return { ok: false, error: `Client capabilities are not valid JSON: ${(e as Error).message}.` };
    }
  }
  if (typeof clientCapabilities !== 'object' || clientCapabilities === null || Array.isArray(clientCapabilities)) {
    return { ok: false, error: 'Client capabilities must be a JSON object, e.g. {"roots": {"listChanged": true}}.' };
  }
  const parsed = OpenOptionsSchema.safeParse({ protocolVersion, clientCapabilities, ...(draft.era ? { era: draft.era } : {}) });
  if (!parsed.success) return { ok: false, error: `Connect options are invalid: ${parsed.error.issues[0]?.message}.` };
  return { ok: true, options: parsed.data };
}

/**
 * Connections whose options editor holds an edit that does not resolve (and so was not saved):
 * Connect refuses them with the error rather than quietly using the last saved options.
 */
export const useInvalidOptions = create<{ errors: Record<string, string>; set(id: string, error: string | undefined): void }>()((set) => ({
  errors: {},
  set: (id, error) =>
    set((s) => {
      const { [id]: _old, ...rest } = s.errors;
      return { errors: error === undefined ? rest : { ...rest, [id]: error } };
    }),
}));
