/**
 * What the handshake said, read from the frames: versions requested and selected, both sides'
 * capabilities and identities, the server's instructions. Scans only until the answer is found.
 */
import type { Frame } from '../mcp/frame';
import { classifyFrame } from '../mcp/classify';
import type { AnalysisState } from '../analyze';

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
}

/** The handshake as the session model's analyser state holds it (what the page shows). */
export function handshakeFacts(st: AnalysisState): HandshakeFacts {
  const resultSeq = st.initializeSeq === undefined ? undefined : st.calls.callAt(st.initializeSeq)?.responseSeq;
  return {
    requestedVersion: st.requestedVersion, selectedVersion: st.negotiatedVersion,
    clientInfo: st.clientInfo, serverInfo: st.serverInfo, clientCapabilities: st.clientCapabilities, serverCapabilities: st.serverCapabilities,
    instructions: st.instructions, initializeSeq: st.initializeSeq, resultSeq, failed: st.phase === 'failed',
  };
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function readHandshake(frames: readonly Frame[]): HandshakeFacts {
  const facts: HandshakeFacts = {};
  let id: unknown;
  for (const f of frames) {
    if (f.lane !== 'message' || f.dir === 'local') continue;
    const c = classifyFrame(f);
    if (f.dir === 'c2s' && c.kind === 'request' && c.method === 'initialize' && facts.initializeSeq === undefined) {
      const p = obj(obj(c.json)?.params);
      facts.initializeSeq = f.seq;
      facts.requestedVersion = str(p?.protocolVersion);
      facts.clientCapabilities = obj(p?.capabilities);
      facts.clientInfo = obj(p?.clientInfo);
      id = c.id;
    } else if (f.dir === 's2c' && facts.initializeSeq !== undefined && (c.kind === 'response' || c.kind === 'error') && c.id === id) {
      facts.resultSeq = f.seq;
      if (c.kind === 'error') {
        facts.failed = true;
        break;
      }
      const r = obj(obj(c.json)?.result);
      facts.selectedVersion = str(r?.protocolVersion);
      facts.serverCapabilities = obj(r?.capabilities);
      facts.serverInfo = obj(r?.serverInfo);
      facts.instructions = str(r?.instructions);
      break;
    }
  }
  return facts;
}
