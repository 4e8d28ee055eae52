/**
 * Picks the transport for a saved connection. Every transport records its crossings through the
 * same `onCrossing` hook, so the session, recorder and analyser never know which one is in use.
 */
import type { Connection } from '../../lib/wire/connection';
import type { SessionClock } from '../sessions/clock';
import { createHttpTransport, type HttpTransportOptions } from './http';
import { StdioTransport, type StdioOptions } from './stdio';
import type { WireTransport } from './types';

/** Options for every kind of transport; each reads the ones it knows. */
export type TransportOptions = StdioOptions & HttpTransportOptions;

export function createTransport(connection: Connection, clock: SessionClock, options: TransportOptions = {}): WireTransport {
  switch (connection.transport) {
    case 'stdio':
      return new StdioTransport(connection, clock, options);
    case 'http':
      return createHttpTransport(connection, clock, options);
  }
}
