/**
 * Reading the client state the proxy holds for a session (lib/wire/client-state), as the panels
 * need it: typed list items, and the call a panel shows.
 */
import { latestCall } from '../../client/client-state';
import type { ListName } from '../../client/paged-list';
import { emptyClientState, type CallState, type ClientState, type ListState } from '../../wire/client-state';
import type { LoupeData } from '../reduce';

/** One shared empty state: selectors must return the same object for a session not yet known. */
export const NO_CLIENT: ClientState = emptyClientState();

export function clientOf(d: Pick<LoupeData, 'clients'>, sessionId: string): ClientState {
  return d.clients[sessionId] ?? NO_CLIENT;
}

export function listOf(c: ClientState, name: ListName): ListState | undefined {
  return c.lists[name];
}

/** The items of a list as the panel's item type (each has its naming field as a string). */
export function itemsOf<T>(c: ClientState, name: ListName): T[] | undefined {
  return c.lists[name]?.items as T[] | undefined;
}

/** The call a panel shows: the newest of its method. */
export function callOf(c: ClientState, method: string): CallState | undefined {
  return latestCall(c.calls, method);
}
