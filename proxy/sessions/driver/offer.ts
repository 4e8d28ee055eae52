/**
 * The server's offer: which lists the client reads right after the handshake (those of the
 * capabilities the server declared, and only those), and which lists a
 * `notifications/*\/list_changed` reads again. Read in the proxy, so every page attached to the
 * session sees the same lists and the traffic shows the list requests.
 */
import type { ListName } from '../../../lib/client/paged-list';

/** The lists each server capability offers. Templates have no notification of their own
 *  (server/resources#list-changed-notification covers the resources the server can read), so they
 *  are read again with the resources. */
const OFFERED_BY: Record<'tools' | 'resources' | 'prompts', ListName[]> = {
  tools: ['tools'],
  resources: ['resources', 'templates'],
  prompts: ['prompts'],
};

/** Which lists a list_changed notification reads again (only lists read before: see Offer.changed). */
export const LIST_CHANGED: Record<string, ListName[]> = {
  'notifications/tools/list_changed': OFFERED_BY.tools,
  'notifications/resources/list_changed': OFFERED_BY.resources,
  'notifications/prompts/list_changed': OFFERED_BY.prompts,
};

/** The lists a server that declared these capabilities offers, in the order the panel shows them.
 *  Declared means present: `tools: {}` offers tools, a capability left out offers nothing. */
export function offeredLists(serverCapabilities: unknown): ListName[] {
  const caps = serverCapabilities && typeof serverCapabilities === 'object' ? (serverCapabilities as Record<string, unknown>) : {};
  return (Object.keys(OFFERED_BY) as (keyof typeof OFFERED_BY)[]).filter((c) => caps[c] !== undefined && caps[c] !== null).flatMap((c) => OFFERED_BY[c]);
}

export interface OfferHost {
  /** Reads a list from its first page into the client state. */
  read(name: ListName): Promise<void>;
  /** The list was read before in this session (a click, the offer, an earlier refresh). */
  wasRead(name: ListName): boolean;
  /** The connection's "list the offer and refresh it" setting (client settings, default on). */
  auto(): boolean;
}

/**
 * Reads the offer and keeps it fresh, one read per list at a time: a server that announces many
 * changes in a row (server-everything registers its tools one by one) costs one read for the
 * burst and one more after it, not one read per notification.
 */
export class Offer {
  private readonly reading = new Set<ListName>();
  private readonly again = new Set<ListName>();

  constructor(private readonly host: OfferHost) {}

  /** After a handshake that left the session ready: every list the server declared. */
  listOffered(serverCapabilities: unknown): void {
    if (!this.host.auto()) return;
    for (const name of offeredLists(serverCapabilities)) this.refresh(name);
  }

  /** A server notification: the lists it says changed are read again, if they were read before. */
  changed(method: string): void {
    if (!this.host.auto()) return;
    for (const name of LIST_CHANGED[method] ?? []) if (this.host.wasRead(name)) this.refresh(name);
  }

  private refresh(name: ListName): void {
    if (this.reading.has(name)) {
      this.again.add(name);
      return;
    }
    this.reading.add(name);
    this.host
      .read(name)
      .catch(() => {})
      .finally(() => {
        this.reading.delete(name);
        if (this.again.delete(name)) this.refresh(name);
      });
  }
}
