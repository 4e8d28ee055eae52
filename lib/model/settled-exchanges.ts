/**
 * The HTTP exchanges `loupe check`'s bounded model lets go of as the trace goes (with `compact:
 * 'report'`): those the connection doctor (lib/doctor/from-exchanges.ts) can no longer quote. It
 * quotes refusals of the conversation (4xx and 5xx, unless the same method was accepted later),
 * POSTed requests whose exchange ended without their answer, and failed OAuth look-ups after the
 * last accepted exchange; of the exchanges it accepted it needs only the newest of each method
 * and of all, kept here. So an ended exchange goes when it is none of those and none of its
 * requests is still unanswered.
 *
 * A refusal, or a failed look-up, goes too once no exchange still waiting for its response head
 * was sent before it: whether it is quoted then depends only on whether the same method (any, for
 * a look-up) is accepted later, and every exchange that may still be was sent after it, so one
 * such acceptance recovers all of those let go of. They are counted, and the first few kept to
 * quote (SettledRefusals). A long HTTP session holds its open exchanges, the last few thousand
 * frames' refusals, and this summary, however many refusals it had.
 */
import { isResourceMetadataUrl, isServerMetadataUrl } from '../mcp/oauth';
import type { CallIndex } from '../mcp/calls';
import type { HttpExchange, HttpExchanges } from '../mcp/http-exchanges';

/** How many refusals of one method, and failed look-ups, the doctor quotes (from-exchanges.ts). */
export const QUOTED_REFUSALS = 3;

/** Refusals of one method (or failed OAuth look-ups) let go of, none recovered when they went. */
export interface SettledRefusals {
  count: number;
  /** The first QUOTED_REFUSALS by id, with the method each carried. */
  first: Array<{ ex: HttpExchange; method: string }>;
  /** The highest id among them: an exchange accepted with a higher id recovers them all. */
  maxId: number;
}

/** What the doctor reads of the exchanges let go of. */
export interface SettledExchanges {
  /** The newest accepted exchange of each JSON-RPC method (its id). */
  lastAccepted: Map<string, number>;
  /** The newest accepted exchange of any method. */
  lastOk: number;
  /** Refusals of the conversation, by the method they carried. */
  refusals: Map<string, SettledRefusals>;
  /** Failed OAuth look-ups. */
  lookups?: SettledRefusals;
}

export const emptySettled = (): SettledExchanges => ({ lastAccepted: new Map(), lastOk: 0, refusals: new Map() });

/** The doctor's own tests (lib/doctor/from-exchanges.ts): a message of the conversation, answered 2xx. */
export const conversational = (ex: HttpExchange) => !ex.probe && (ex.stream === 'post' || ex.stream === 'legacy') && ex.sent.length > 0;
export const accepted = (ex: HttpExchange) => ex.status !== undefined && ex.status >= 200 && ex.status < 300;
export const oauthLike = (ex: HttpExchange) => ex.stream === 'oauth' || isResourceMetadataUrl(ex.url) || isServerMetadataUrl(ex.url);
/** A refusal of the conversation the doctor may quote. */
export const refusedMessage = (ex: HttpExchange) => conversational(ex) && ex.status !== undefined && ex.status >= 400 && ex.response !== undefined;
/** An OAuth look-up that failed, which the doctor may quote. */
export const failedLookup = (ex: HttpExchange) => oauthLike(ex) && ex.end !== undefined && !accepted(ex) && (ex.status === undefined || ex.status >= 400);

/** Adds one to `tally`, keeping it among the first quoted if it is. */
function tallyOne(tally: SettledRefusals, ex: HttpExchange, method: string): void {
  tally.count++;
  tally.maxId = Math.max(tally.maxId, ex.id);
  tally.first.push({ ex, method });
  tally.first.sort((a, b) => a.ex.id - b.ex.id);
  if (tally.first.length > QUOTED_REFUSALS) tally.first.pop();
}

const newTally = (): SettledRefusals => ({ count: 0, first: [], maxId: 0 });

/** Lets go of the ended exchanges the doctor can no longer quote, noting the accepted ones and the
 *  refusals in `settled`. */
export function releaseSettled(exchanges: HttpExchanges, calls: CallIndex, settled: SettledExchanges, methodOf: (ex: HttpExchange) => string): HttpExchange[] {
  // Every exchange sent before the first still waiting for its response head has its status:
  // any acceptance to come is of that one or a later one.
  let horizon = Infinity;
  const lastAccepted = new Map(settled.lastAccepted);
  let lastOk = settled.lastOk;
  for (const ex of exchanges.all) {
    if (!conversational(ex)) continue;
    if (ex.response === undefined && ex.end === undefined) horizon = Math.min(horizon, ex.id);
    if (!accepted(ex)) continue;
    const method = methodOf(ex);
    lastAccepted.set(method, Math.max(lastAccepted.get(method) ?? 0, ex.id));
    lastOk = Math.max(lastOk, ex.id);
  }
  // Refusals let go of before an acceptance since known are history now.
  for (const [method, tally] of settled.refusals) if ((lastAccepted.get(method) ?? 0) > tally.maxId) settled.refusals.delete(method);
  if (settled.lookups && lastOk > settled.lookups.maxId) settled.lookups = undefined;
  return exchanges.releaseWhere((ex) => {
    if (!ex.end) return false;
    if (failedLookup(ex)) {
      if (ex.id > horizon) return false;
      if (ex.id >= lastOk) tallyOne((settled.lookups ??= newTally()), ex, '');
      return true;
    }
    if (!conversational(ex)) return true;
    if (refusedMessage(ex)) {
      if (ex.id > horizon) return false;
      const method = methodOf(ex);
      if ((lastAccepted.get(method) ?? 0) <= ex.id) {
        let tally = settled.refusals.get(method);
        if (!tally) settled.refusals.set(method, (tally = newTally()));
        tallyOne(tally, ex, method);
      }
      return true;
    }
    return goesAnswered(ex, calls, settled, methodOf);
  });
}

/**
 * Lets an exchange of the conversation go at its `end` frame when nothing but its answers decides
 * that (an accepted POST whose requests were all answered: most of a session's), rather than at the
 * next compaction. Held for thousands of frames, such exchanges and the frames they hold outlived
 * the engine's young generation and were copied into the old one, where a long check spent much of
 * its time collecting them. Refusals and failed look-ups wait for releaseSettled, which weighs
 * them against the exchanges still open. Returns whether it went.
 */
export function releaseAtEnd(
  ex: HttpExchange,
  exchanges: HttpExchanges,
  calls: CallIndex,
  settled: SettledExchanges,
  methodOf: (ex: HttpExchange) => string,
): boolean {
  if (!ex.end || failedLookup(ex) || refusedMessage(ex)) return false;
  if (conversational(ex) && !goesAnswered(ex, calls, settled, methodOf)) return false;
  exchanges.release(ex.id);
  return true;
}

/** Whether an ended exchange of the conversation that is not a refusal to quote can go: once none
 *  of its requests waits for an answer. An accepted one that goes is noted in `settled`. */
function goesAnswered(ex: HttpExchange, calls: CallIndex, settled: SettledExchanges, methodOf: (ex: HttpExchange) => string): boolean {
  if (ex.status !== undefined && ex.status >= 400) return false;
  for (const sent of ex.sent) {
    const call = calls.callAt(sent.seq);
    if (call && call.seq === sent.seq && call.dir === 'c2s' && call.responseSeq === undefined && call.cancelledSeq === undefined && !call.refused) return false;
  }
  if (accepted(ex)) {
    const method = methodOf(ex);
    settled.lastAccepted.set(method, Math.max(settled.lastAccepted.get(method) ?? 0, ex.id));
    settled.lastOk = Math.max(settled.lastOk, ex.id);
  }
  return true;
}
