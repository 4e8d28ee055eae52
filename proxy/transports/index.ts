/**
 * The transports. Every one records its crossings through the same `onCrossing` hook and gets the
 * Frame back, so the recording, the client on top and the analyser never know which one is in
 * use. Which transport a session gets is decided by its source (proxy/sessions/sources.ts).
 */
import type { HttpTransportOptions } from './http';
import type { StdioOptions } from './stdio';

/** Options for every kind of transport; each reads the ones it knows. */
export type TransportOptions = StdioOptions & HttpTransportOptions;
