/**
 * Test support: the stdio tap's relays, so a test of the tap runs against each (the native one by
 * default, and the Node one it falls back to), forced through LOUPE_TAP_RELAY.
 */
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { TapRelay } from '../tap-header';

export const TAP_RELAYS: readonly TapRelay[] = ['native', 'node'];

/** The environment an SDK host gives the tap (the SDK passes only a safe few variables), with the relay forced. */
export function hostEnv(relay: TapRelay): Record<string, string> {
  return { ...getDefaultEnvironment(), LOUPE_TAP_RELAY: relay };
}
