/**
 * The HTTP exchanges `loupe check`'s bounded model lets go of as the trace goes (with `compact:
 * 'report'`): those the connection doctor (lib/doctor/from-exchanges.ts) can no longer quote. It
 * quotes refusals of the conversation (4xx and 5xx, unless the same method was accepted later),
 * POSTed requests whose exchange ended without their answer, and failed OAuth look-ups after the
 * last accepted exchange; of the exchanges it accepted it needs only the newest of each method
 * and of all, kept here. So an ended exchange goes when it is none of those and none of its
 * requests is still unanswered; a long HTTP session holds its refusals, its open exchanges and
 * this summary.
 */
import { isResourceMetadataUrl, isServerMetadataUrl } from '../mcp/oauth';
import type { CallIndex } from '../mcp/calls';
import type { HttpExchange, HttpExchanges } from '../mcp/http-exchanges';

/** What the doctor reads of the accepted exchanges let go of. */
export interface SettledExchanges {
  /** The newest accepted exchange of each JSON-RPC method (its id). */
  lastAccepted: Map<string, number>;
  /** The newest accepted exchange of any method. */
  lastOk: number;
}

/** The doctor's own tests (lib/doctor/from-exchanges.ts): a message of the conversation, answered 2xx. */
export const conversational = (ex: HttpExchange) => !ex.probe && (ex.stream === 'post' || ex.stream === 'legacy') && ex.sent.length > 0;
export const accepted = (ex: HttpExchange) => ex.status !== undefined && ex.status >= 200 && ex.status < 300;
export const oauthLike = (ex: HttpExchange) => ex.stream === 'oauth' || isResourceMetadataUrl(ex.url) || isServerMetadataUrl(ex.url);

/** Lets go of the ended exchanges the doctor can no longer quote, noting the accepted ones in `settled`. */
export function releaseSettled(exchanges: HttpExchanges, calls: CallIndex, settled: SettledExchanges, methodOf: (ex: HttpExchange) => string): HttpExchange[] {
  return exchanges.releaseWhere((ex) => {
    if (!ex.end) return false;
    const refused = ex.status !== undefined && ex.status >= 400;
    if (oauthLike(ex) && !accepted(ex) && (ex.status === undefined || refused)) return false;
    if (!conversational(ex)) return true;
    if (refused) return false;
    for (const sent of ex.sent) {
      const call = calls.callAt(sent.seq);
      if (call && call.seq === sent.seq && call.dir === 'c2s' && call.responseSeq === undefined && call.cancelledSeq === undefined && !call.refused)
        return false;
    }
    if (accepted(ex)) {
      const method = methodOf(ex);
      settled.lastAccepted.set(method, Math.max(settled.lastAccepted.get(method) ?? 0, ex.id));
      settled.lastOk = Math.max(settled.lastOk, ex.id);
    }
    return true;
  });
}
