/**
 * What the handshake said: versions requested and selected, both sides' capabilities and
 * identities, the server's instructions; read from the session model's analyser state, which
 * follows the handshake as the frames arrive (and starts over when an HTTP session is renewed).
 */
import type { AnalysisState } from '../analyze';
import type { Era, ServerEra } from '../mcp/era';

export interface HandshakeFacts {
  requestedVersion?: string;
  selectedVersion?: string;
  clientInfo?: Record<string, unknown>;
  serverInfo?: Record<string, unknown>;
  clientCapabilities?: Record<string, unknown>;
  serverCapabilities?: Record<string, unknown>;
  instructions?: string;
  initializeSeq?: number;
  resultSeq?: number;
  /** The initialize request was answered with an error. */
  failed?: boolean;
  /** The era the conversation is in, and what the server showed it speaks (docs/eras.md). */
  era?: Era;
  serverEra: ServerEra;
  /** The versions `server/discover` (or a -32022) listed. */
  supportedVersions?: string[];
  /** The names of the extensions the server declared (`capabilities.extensions`). */
  extensions: string[];
}

/** The handshake as the session model's analyser state holds it (what the page shows). */
export function handshakeFacts(st: AnalysisState): HandshakeFacts {
  const resultSeq = st.initializeSeq === undefined ? undefined : st.calls.callAt(st.initializeSeq)?.responseSeq;
  return {
    requestedVersion: st.requestedVersion,
    selectedVersion: st.negotiatedVersion,
    clientInfo: st.clientInfo,
    serverInfo: st.serverInfo,
    clientCapabilities: st.clientCapabilities,
    serverCapabilities: st.serverCapabilities,
    instructions: st.instructions,
    initializeSeq: st.initializeSeq,
    resultSeq,
    failed: st.phase === 'failed' ? true : undefined,
    era: st.eras.current,
    serverEra: st.eras.server,
    supportedVersions: st.eras.supportedVersions,
    extensions: extensionNames(st.serverCapabilities),
  };
}

function extensionNames(caps: Record<string, unknown> | undefined): string[] {
  const ext = caps?.extensions;
  return typeof ext === 'object' && ext !== null && !Array.isArray(ext) ? Object.keys(ext) : [];
}
