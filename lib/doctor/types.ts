/** The connection doctor's verdict: one row per layer of a connection, bottom up. */
import { LAYERS, type Layer } from '../analyze';

export type { Layer };
export { LAYERS };

/** `not-reached`: nothing in the traffic exercised the layer yet (the connection stopped below it,
 *  or the session never went that far, e.g. no tool was called). */
export type LayerStatus = 'passed' | 'failed' | 'not-reached';

export interface Evidence {
  /** The frames that prove it; the first is the one to look at. */
  seqs: number[];
  /** What happened, naming the concrete values. */
  what: string;
  /** What to do next, in plain words. */
  next: string;
  /** The catalog rule that said it, when a rule did (the rest are facts of the session model:
   *  an HTTP status, a JSON-RPC error code, a tool's isError result). */
  rule?: string;
}

export interface LayerVerdict {
  layer: Layer;
  title: string;
  status: LayerStatus;
  /** Why a failed layer failed; empty otherwise. */
  evidence: Evidence[];
  /** Warnings of this layer that did not fail it (from-annotations.ts says which fail one). */
  warnings: number;
}

export interface Verdict {
  layers: LayerVerdict[];
  /** The lowest failed layer: the one to fix first (everything above may only be its echo). */
  culprit?: Layer;
  /** One line: which layer failed and how, or that every layer reached passed. */
  summary: string;
}

export const LAYER_TITLES: Readonly<Record<Layer, string>> = {
  startup: 'Start-up / process',
  transport: 'Transport',
  framing: 'Framing',
  jsonrpc: 'JSON-RPC',
  lifecycle: 'Lifecycle',
  capabilities: 'Capabilities / schema',
  tool: 'Tool',
};

/** What each layer covers, in a few words: what a passed row vouches for. */
export const LAYER_SCOPE: Readonly<Record<Layer, string>> = {
  startup: 'the server process starts and stays up; a URL answers',
  transport: 'pipes and HTTP exchanges: status, Content-Type, SSE, session, OAuth',
  framing: 'stdout cut into one JSON-RPC message per line',
  jsonrpc: 'envelopes and ids; every request answered once',
  lifecycle: 'initialize, the negotiated version, notifications/initialized',
  capabilities: 'what each side declared; methods and parameters against the schema',
  tool: 'what tools and other features return',
};
