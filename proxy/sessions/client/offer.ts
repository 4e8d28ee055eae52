/**
 * The server's offer: which lists the client reads after the handshake (those of the capabilities
 * the server declared), and which lists a `notifications/*\/list_changed` reads again. Read in the
 * proxy, so every page attached to the session sees the same lists and the traffic shows the
 * list requests.
 */
import type { ListName } from '../../../lib/client/paged-list';

/** The lists each server capability offers (templates have no notification of their own: they
 *  are read again with the resources). */
const OFFERED_BY: Record<string, ListName[]> = {
  tools: ['tools'],
  resources: ['resources', 'templates'],
  prompts: ['prompts'],
};

/** Which lists a list_changed notification refreshes. */
export const LIST_CHANGED: Record<string, ListName[]> = {
  'notifications/tools/list_changed': OFFERED_BY.tools,
  'notifications/resources/list_changed': OFFERED_BY.resources,
  'notifications/prompts/list_changed': OFFERED_BY.prompts,
};

/** The lists a server that declared these capabilities offers, in the order the panel shows them. */
export function offeredLists(serverCapabilities: unknown): ListName[] {
  const caps = serverCapabilities && typeof serverCapabilities === 'object' ? (serverCapabilities as Record<string, unknown>) : {};
  return Object.keys(OFFERED_BY).filter((c) => caps[c] !== undefined && caps[c] !== null).flatMap((c) => OFFERED_BY[c]);
}

/**
 * Reads lists again on list_changed, one read per list at a time: a server that announces many
 * changes in a row (server-everything registers its tools one by one) costs one read for the
 * burst and one more after it, not one per notification.
 */
export class ListRefresher {
  private readonly reading = new Set<ListName>();
  private readonly again = new Set<ListName>();

  constructor(private readonly read: (name: ListName) => Promise<void>) {}

  refresh(name: ListName): void {
    if (this.reading.has(name)) {
      this.again.add(name);
      return;
    }
    this.reading.add(name);
    this.read(name).catch(() => {}).finally(() => {
      this.reading.delete(name);
      if (this.again.delete(name)) this.refresh(name);
    });
  }
}
