/**
 * The HTTP facts of the session model that say a transport failed though no rule judges them,
 * because they are answers, not violations: the MCP endpoint refused a message (401, 403, 400...)
 * and the client never got past it; a POSTed request whose exchange ended without its answer;
 * an OAuth discovery that found nothing. A refusal the client recovered from (the same method
 * accepted later, as after an OAuth flow) is history, not a failure.
 */
import { headerValue } from '../mcp/frame';
import { mediaType, type HttpExchange } from '../mcp/http-exchanges';
import { isResourceMetadataUrl } from '../mcp/oauth';
import type { JudgedModel } from '../model/bounded-model';
import { accepted as ok, conversational, failedLookup, QUOTED_REFUSALS, refusedMessage, type SettledRefusals } from '../model/settled-exchanges';
import { LAYER_NEXT, nextForStatus } from './next-steps';
import { excerpt } from './text';
import type { Evidence } from './types';

export function fromExchanges(model: JudgedModel): Evidence[] {
  const all = model.exchanges.all;
  const methodOf = (ex: HttpExchange) => model.classifiedAt(ex.sent[0].seq)?.method ?? 'a message';
  // The newest accepted exchange of each JSON-RPC method, and of any method.
  // With those a bounded model let go of (lib/model/settled-exchanges.ts).
  const lastAccepted = new Map(model.settledExchanges?.lastAccepted ?? []);
  let lastOk = model.settledExchanges?.lastOk ?? 0;
  for (const ex of all) {
    if (!conversational(ex) || !ok(ex)) continue;
    const method = methodOf(ex);
    lastAccepted.set(method, Math.max(lastAccepted.get(method) ?? 0, ex.id));
    lastOk = Math.max(lastOk, ex.id);
  }
  const out: Evidence[] = [];
  // The refusals not recovered from, with those a bounded model let go of (counted, the first kept).
  const settled = model.settledExchanges;
  const refused = all.filter(refusedMessage).map((ex) => ({ ex, method: methodOf(ex) }));
  let more = 0;
  for (const [method, tally] of settled?.refusals ?? []) {
    if ((lastAccepted.get(method) ?? 0) > tally.maxId) continue;
    refused.push(...tally.first);
    more += tally.count - tally.first.length;
  }
  const standing = refused.filter(({ ex, method }) => (lastAccepted.get(method) ?? 0) <= ex.id).sort((a, b) => a.ex.id - b.ex.id);
  out.push(...quoteFirst(standing, standing.length + more, ({ ex, method }) => refusal(ex, method)));
  for (const ex of all) {
    if (!conversational(ex) || !ex.end || (ex.status !== undefined && ex.status >= 400)) continue;
    for (const sent of ex.sent) {
      const call = model.calls.callAt(sent.seq);
      if (!call || call.seq !== sent.seq || call.dir !== 'c2s' || call.responseSeq !== undefined || call.cancelledSeq !== undefined || call.refused) continue;
      const givenUp = call.timedOut === true || !model.live;
      // Loupe closing the session is not the server failing to answer.
      const closedByLoupe = ex.endMeta?.errorCode === 'closed' || (ex.endMeta && 'streamEnd' in ex.endMeta && ex.endMeta.streamEnd === 'aborted');
      if (!givenUp || ex.endMeta?.errorCode === 'network' || (closedByLoupe && !call.timedOut)) continue;
      out.push(unanswered(ex, call.method, call.seq));
    }
  }
  out.push(...oauthFailures(all, lastOk, settled?.lookups));
  return out;
}

/** The first few items as evidence (a few refusals or failed look-ups say it; a hundred say nothing
 *  more); the last says how many more there were. */
function quoteFirst<T>(items: readonly T[], total: number, evidence: (item: T) => Evidence): Evidence[] {
  return items.slice(0, QUOTED_REFUSALS).map((item, i) => {
    const e = evidence(item);
    return i === QUOTED_REFUSALS - 1 && total > QUOTED_REFUSALS ? { ...e, what: `${e.what} (and ${total - QUOTED_REFUSALS} more)` } : e;
  });
}

function refusal(ex: HttpExchange, method: string): Evidence {
  const body = ex.received[0]?.raw ?? ex.end?.raw ?? '';
  const said = body.trim() ? `: ${excerpt(body)}` : '';
  return {
    seqs: [ex.response!.seq, ex.id],
    what: `the ${ex.method} of ${method} to ${ex.url} was answered ${ex.status}${ex.statusText ? ` ${ex.statusText}` : ''}${said}`,
    next: nextForStatus(ex.status!, {
      versionHeader: headerValue(ex.requestHeaders, 'mcp-protocol-version'),
      origin: headerValue(ex.requestHeaders, 'origin'),
      challenged: headerValue(ex.responseHeaders, 'www-authenticate') !== undefined,
    }),
  };
}

function unanswered(ex: HttpExchange, method: string, requestSeq: number): Evidence {
  const seqs = [...new Set([ex.end!.seq, ex.id, requestSeq])];
  let what: string;
  if (ex.status === undefined) what = `the POST of ${method} got no response at all: ${ex.error ?? 'the exchange ended before any answer'}`;
  else if (ex.status === 202) what = `the POST of ${method} was answered 202 Accepted: a request must be answered, in a JSON body or an SSE stream`;
  else
    what = `the POST of ${method} was answered ${ex.status} ${mediaType(ex) || 'without a Content-Type'}, and its body ended without the answer${ex.note ? ` (${ex.note})` : ''}`;
  return {
    seqs,
    what,
    next: 'Answer a POSTed request in its own JSON body or SSE stream; check the Content-Type, that nothing (a proxy, a load balancer) buffers or cuts the SSE stream, and the Mcp-Session-Id.',
  };
}

const OAUTH_NEXT: Record<string, string> = {
  'resource-metadata':
    'Serve the protected-resource metadata (RFC 9728) at the URL the 401 names, or at /.well-known/oauth-protected-resource followed by the endpoint’s path, listing its authorization_servers.',
  'server-metadata':
    'Serve the authorization server’s metadata at its issuer: /.well-known/oauth-authorization-server (RFC 8414) or /.well-known/openid-configuration.',
  registration: 'The authorization server refused dynamic client registration: register a client ahead of time and give its id, or allow registration.',
  token: 'The token endpoint refused the grant: check the client id, the redirect URI and the PKCE verifier.',
};

/** OAuth lookups that failed when nothing of the conversation got through after them, with those a
 *  bounded model let go of (`settled`: counted, the first kept). */
function oauthFailures(all: readonly HttpExchange[], lastOk: number, settled: SettledRefusals | undefined): Evidence[] {
  const failed = all.filter((ex) => failedLookup(ex) && ex.id >= lastOk);
  let more = 0;
  if (settled && lastOk <= settled.maxId) {
    failed.push(...settled.first.map((f) => f.ex));
    more = settled.count - settled.first.length;
  }
  failed.sort((a, b) => a.id - b.id);
  return quoteFirst(failed, failed.length + more, (ex) => {
    const step = ex.requestMeta.stream === 'oauth' ? ex.requestMeta.oauth : isResourceMetadataUrl(ex.url) ? 'resource-metadata' : 'server-metadata';
    const answer = ex.status !== undefined ? `was answered ${ex.status}${ex.statusText ? ` ${ex.statusText}` : ''}` : `failed: ${ex.error ?? 'no answer'}`;
    return {
      seqs: [ex.end!.seq, ex.id],
      what: `OAuth ${step}: ${ex.method} ${ex.url} ${answer}`,
      next: OAUTH_NEXT[step === 'refresh' ? 'token' : step] ?? LAYER_NEXT.transport,
    };
  });
}
