/**
 * What the bridge rules remember of one MCP App's channel (the View <-> host conversation). Each
 * app channel has an analysis state of its own, so this is kept beside it, keyed by that state.
 */
import type { AnalysisState } from '../../state';

export interface BridgeState {
  /** The app's `ui/initialize` request, and the host's answer to it. */
  initializeSeq?: number;
  initializeAnsweredSeq?: number;
  /** The app's `ui/notifications/initialized`. */
  initializedSeq?: number;
  /** `availableDisplayModes` of the host context, as last given (initialize result, host-context-changed). */
  displayModes?: string[];
  /** `ui/notifications/tool-input` sent since the last tool-result or tool-cancelled. */
  toolInputs: number;
  toolInputSeq?: number;
  /** The host sent `ui/notifications/tool-cancelled` at least once. */
  cancelledSent: boolean;
  /** The host's `ui/resource-teardown` request. */
  teardownSeq?: number;
  /** The app-mounted event: the frame, and the session's tools/call the app shows. */
  mountedSeq?: number;
  mountedCallSeq?: number;
  /** The app's recent size reports (µs, "w×h"), for the loop rule. */
  sizes: { ts: number; seq: number; size: string }[];
  /** The host's requests to the app not answered yet, by the id's key. */
  hostRequests: Map<string, { seq: number; method: string }>;
}

const states = new WeakMap<AnalysisState, BridgeState>();

export function bridgeOf(state: AnalysisState): BridgeState {
  let b = states.get(state);
  if (!b) states.set(state, (b = { toolInputs: 0, cancelledSent: false, sizes: [], hostRequests: new Map() }));
  return b;
}
