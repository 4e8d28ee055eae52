/**
 * http.*: the Streamable HTTP and legacy HTTP+SSE transports (basic/transports), judged from the
 * http-lane frames the HTTP transports record: `request`, `response`, `event` and `end` phases,
 * and message frames that point at their exchange. Probe exchanges are judged only by their
 * verdicts; a well-behaved client never sends what a probe sends.
 */
import { headerValue as header, type Frame, type HttpEndMeta, type HttpMessageMeta, type HttpResponseMeta } from '../../mcp/frame';
import { mediaType, type HttpExchange } from '../../mcp/http-exchanges';
import { versionAtLeast } from '../../mcp/versions';
import { MODERN_VERSION } from '../../mcp/modern';
import type { FrameContext, RuleModule } from '../types';
import { bodyKinds, httpState, rememberEventId, sentKinds, type AtSend, type HttpState } from './http-exchanges';
import { forgetRefusedInitialize, refuseUnanswered, resetLifecycle } from './http-restart';

const T = 'basic/transports';
const SEND = `${T}#sending-messages-to-the-server`;
const SESSION = `${T}#session-management`;
/** An exchange of the conversation itself (a message POSTed, the GET stream, the legacy SSE stream),
 *  not an OAuth endpoint's: the server is unreachable when one of these cannot connect. */
const carriesConversation = (ex: HttpExchange) => ex.sent.length > 0 || ex.stream === 'get' || (ex.stream === 'legacy' && ex.method === 'GET');

export const httpRules: RuleModule = {
  rules: {
    'http.accept-header': { severity: 'error', layer: 'transport', section: SEND },
    'http.notification-status': { severity: 'error', layer: 'transport', section: SEND },
    'http.content-type': { severity: 'error', layer: 'transport', section: SEND },
    'http.session-id-charset': { severity: 'error', layer: 'transport', section: SESSION },
    'http.session-id-missing': { severity: 'error', layer: 'transport', section: SESSION },
    'http.unknown-session-status': { severity: 'warning', layer: 'transport', section: SESSION },
    'http.protocol-version-header': { severity: 'error', layer: 'transport', section: `${T}#protocol-version-header` },
    'http.get-status': { severity: 'error', layer: 'transport', section: `${T}#listening-for-messages-from-the-server` },
    'http.response-on-get-stream': { severity: 'error', layer: 'transport', section: `${T}#listening-for-messages-from-the-server` },
    'http.sse-event-id-duplicate': { severity: 'error', layer: 'transport', section: `${T}#resumability-and-redelivery` },
    'http.origin-not-validated': { severity: 'error', layer: 'transport', section: `${T}#security-warning` },
    'http.unreachable': { severity: 'error', layer: 'startup', section: T },
    'http.request-refused': { severity: 'warning', layer: 'transport', section: SEND },
  },

  onFrame(ctx) {
    const { frame } = ctx;
    if (frame.meta?.transport !== 'http') return;
    const hs = httpState(ctx.state);
    if (frame.lane === 'message') return onMessageFrame(ctx, hs, frame.meta);
    if (frame.lane === 'lifecycle' && frame.meta.event === 'session-expired') return resetLifecycle(ctx.state);
    if (frame.lane !== 'http') return;
    const meta = frame.meta;
    // OAuth requests go to metadata, registration and token endpoints, not the MCP endpoint: the
    // auth.* rules judge them.
    const ex = ctx.state.exchanges.of(frame);
    const judged = ex && ex.stream !== 'oauth' ? ex : undefined;
    if (meta.phase === 'request') return judged && onRequest(ctx, hs, judged);
    if (meta.phase === 'response' && judged) return onResponse(ctx, hs, judged, meta);
    if (meta.phase === 'event') return checkEventId(ctx, hs, meta.eventId);
    if (meta.phase !== 'end') return;
    onEnd(ctx, hs, judged, meta);
    // An owner that lets ended exchanges go finds none of their frames again: what was kept for one goes too.
    if (ex && ctx.state.exchanges.releasesEnded) hs.atSend.delete(ex.id);
  },
};

function onRequest(ctx: FrameContext, hs: HttpState, ex: HttpExchange): void {
  if (ex.stream === 'legacy') hs.legacy = true;
  const session = header(ex.requestHeaders, 'mcp-session-id');
  hs.atSend.set(ex.id, {
    version: ctx.state.negotiatedVersion,
    session: hs.assignedSession,
    terminated: session !== undefined && hs.terminated.has(session),
    legacy: hs.legacy,
    checked: false,
  });
}

function onMessageFrame(ctx: FrameContext, hs: HttpState, meta: HttpMessageMeta): void {
  const { frame } = ctx;
  if (frame.dir === 'c2s') return;
  const ex = ctx.state.exchanges.of(frame);
  checkEventId(ctx, hs, meta.eventId);
  const onGet = meta.stream === 'get' && meta.resumption !== true && ex?.lastEventId === undefined;
  if (onGet && bodyKinds(frame.raw).kinds.includes('response')) {
    ctx.report(
      'http.response-on-get-stream',
      [frame.seq, ...(ex ? [ex.id] : [])],
      'a JSON-RPC response arrived on the standalone GET stream, which carries only server requests and notifications unless it resumes a stream (Last-Event-ID)',
    );
  }
}

function checkEventId(ctx: FrameContext, hs: HttpState, id: string | undefined): void {
  if (id === undefined || id === '') return;
  const first = rememberEventId(hs, id, ctx.frame.seq);
  if (first !== undefined)
    ctx.report(
      'http.sse-event-id-duplicate',
      [ctx.frame.seq, first],
      `SSE event id "${id}" was already used in this session (frame ${first}); ids must be unique across all streams of a session`,
    );
}

function onResponse(ctx: FrameContext, hs: HttpState, ex: HttpExchange, meta: HttpResponseMeta): void {
  const { status, headers } = meta;
  const type = mediaType(ex);
  if (header(headers, 'mcp-session-id') !== undefined) hs.sessionIssued = true;
  if (ex.probe) return;
  const body = sentKinds(ex, ctx.frame.seq);
  forgetRefusedInitialize(ctx.state, ex, body, status);
  const sent = hs.atSend.get(ex.id);
  checkRequest(ctx, ex, sent, body);
  const sid = header(headers, 'mcp-session-id');
  if (sid !== undefined && !/^[\x21-\x7e]+$/.test(sid)) {
    ctx.report('http.session-id-charset', [ctx.frame.seq, ex.id], `Mcp-Session-Id ${JSON.stringify(sid)} has characters outside visible ASCII (0x21-0x7E)`);
  }
  const ok = status >= 200 && status < 300;
  if (body.initialize && ok && sid !== undefined) {
    // Event ids are unique within a session: a new session may count from the start again.
    if (hs.assignedSession !== undefined && sid !== hs.assignedSession) hs.eventIds.clear();
    hs.assignedSession = sid;
  }
  const sentSession = header(ex.requestHeaders, 'mcp-session-id');
  if (sent?.terminated && status !== 404) {
    ctx.report(
      'http.unknown-session-status',
      [ctx.frame.seq, ex.id],
      `a ${ex.method} with the terminated session id ${sentSession} was answered ${status}, not 404`,
    );
  }
  if (ex.method === 'DELETE' && ok && sentSession !== undefined) hs.terminated.add(sentSession);
  if (ex.method === 'POST' && !sent?.legacy) judgePost(ctx, ex, body.kinds, status, type);
  if (ex.method === 'GET' && (ex.stream === 'get' || ex.stream === 'legacy')) {
    const sse = ok && type === 'text/event-stream';
    const expiry = status === 404 && sentSession !== undefined;
    if (!sse && status !== 405 && !expiry) {
      ctx.report(
        'http.get-status',
        [ctx.frame.seq, ex.id],
        `the GET for the SSE stream was answered ${status}${type ? ` with ${type}` : ''}: expected text/event-stream, or 405 when the server offers no stream`,
      );
    }
  }
}

function judgePost(ctx: FrameContext, ex: HttpExchange, kinds: string[], status: number, type: string): void {
  const hasRequest = kinds.includes('request');
  const seqs = [ctx.frame.seq, ex.id];
  if (!hasRequest && kinds.length > 0 && !kinds.includes('invalid')) {
    if (status !== 202 && !(status >= 400 && status < 500)) {
      ctx.report(
        'http.notification-status',
        seqs,
        `a POST carrying only ${kinds.join(', ')} was answered ${status}; the server must answer 202 Accepted with no body (or a 4xx to reject it)`,
      );
    }
  }
  if (hasRequest && status >= 200 && status < 300 && type !== 'application/json' && type !== 'text/event-stream') {
    ctx.report(
      'http.content-type',
      seqs,
      `a POSTed request was answered ${status} with ${type ? `Content-Type ${type}` : 'no Content-Type'}; expected application/json or text/event-stream`,
    );
  }
}

/** Checks the request's own headers once, when its body is known (at the response or the end). */
function checkRequest(ctx: FrameContext, ex: HttpExchange, sent: AtSend | undefined, body: { initialize: boolean }): void {
  if (!sent || sent.checked || ex.probe) return;
  sent.checked = true;
  const at = [ex.id];
  const accept = (header(ex.requestHeaders, 'accept') ?? '').toLowerCase();
  if (ex.method === 'POST' && !sent.legacy && !(accept.includes('application/json') && accept.includes('text/event-stream'))) {
    ctx.report(
      'http.accept-header',
      at,
      `a POST was sent with Accept ${JSON.stringify(accept || 'missing')}; it must list both application/json and text/event-stream`,
    );
  }
  if (ex.method === 'GET' && !accept.includes('text/event-stream')) {
    ctx.report(
      'http.accept-header',
      at,
      `a GET for the SSE stream was sent with Accept ${JSON.stringify(accept || 'missing')}; it must list text/event-stream`,
    );
  }
  if (sent.legacy || body.initialize || ex.stream === 'legacy') return;
  if (sent.session !== undefined && header(ex.requestHeaders, 'mcp-session-id') === undefined) {
    ctx.report('http.session-id-missing', at, `a ${ex.method} omits the Mcp-Session-Id ${sent.session} that the server assigned`);
  }
  const version = header(ex.requestHeaders, 'mcp-protocol-version');
  // A modern request's header is judged against its own _meta by modern.header-version.
  if (sent.version && versionAtLeast(sent.version, '2025-06-18') && !versionAtLeast(sent.version, MODERN_VERSION) && version !== sent.version) {
    ctx.report(
      'http.protocol-version-header',
      at,
      version === undefined
        ? `a ${ex.method} after initialize lacks MCP-Protocol-Version (negotiated ${sent.version})`
        : `a ${ex.method} sent MCP-Protocol-Version ${version}, but ${sent.version} was negotiated`,
    );
  }
}

/**
 * A POST refused at the HTTP level ends the requests it carried that its body did not answer. A
 * refusal the client is meant to act on is no finding: a 401 or 403 (authorize, then send again),
 * a 404 for a session id (start a new session), a 4xx to an initialize (the fallback to HTTP+SSE);
 * nor one to a terminated session's id, which http.unknown-session-status judges.
 */
function judgeRefusal(ctx: FrameContext, hs: HttpState, ex: HttpExchange): void {
  const status = ex.response?.meta?.transport === 'http' && ex.response.meta.phase === 'response' ? ex.response.meta.status : undefined;
  if (status === undefined) return;
  const refused = refuseUnanswered(ctx.state, ex, status);
  if (refused.length === 0) return;
  const sessionGone = status === 404 && header(ex.requestHeaders, 'mcp-session-id') !== undefined;
  if (hs.atSend.get(ex.id)?.terminated || status === 401 || status === 403 || sessionGone || (status < 500 && refused.some((c) => c.method === 'initialize')))
    return;
  const which = refused.map((c) => `${c.method} (id ${JSON.stringify(c.id)})`).join(', ');
  ctx.report(
    'http.request-refused',
    [ctx.frame.seq, ex.id, ...refused.map((c) => c.seq)],
    `the POST carrying ${which} was answered ${status} with no JSON-RPC answer to it: the request failed at the HTTP layer, and no answer will come`,
  );
}

function onEnd(ctx: FrameContext, hs: HttpState, ex: HttpExchange | undefined, meta: HttpEndMeta): void {
  // No response head before the end: the request's headers are judged now.
  if (ex && !ex.probe && ex.response === undefined) checkRequest(ctx, ex, hs.atSend.get(ex.id), sentKinds(ex, ctx.frame.seq));
  if (ex && ex.response === undefined && meta.errorCode === 'network' && !ex.probe && carriesConversation(ex) && !ctx.state.once.has('http.unreachable')) {
    // Once: the transport's fallback and every later request fail alike against a server that is not there.
    ctx.state.once.add('http.unreachable');
    ctx.report('http.unreachable', [ctx.frame.seq, ex.id], `${ex.method} ${ex.url} got no answer at all: ${meta.error ?? 'the connection failed'}`);
  }
  if (ex && !ex.probe) judgeRefusal(ctx, hs, ex);
  if (meta.stream !== 'probe' || meta.verdict !== 'fail') return;
  // Only a server that issues session ids can be judged on one it never issued (traces recorded
  // before the probe knew this carry a 'fail' for stateless servers too).
  if (meta.probe === 'unknown-session' && !hs.sessionIssued) return;
  const message = meta.message ?? 'the probe failed';
  const at: Frame['seq'][] = [ctx.frame.seq, ...(ex ? [ex.id] : [])];
  if (meta.probe === 'origin') ctx.report('http.origin-not-validated', at, message);
  if (meta.probe === 'unknown-session') ctx.report('http.unknown-session-status', at, message);
  // Declared with the other header rules (rules/modern/http-headers.ts): the probe asks the server
  // directly what those rules see only when a client happens to send a mismatched header.
  if (meta.probe === 'header-name') ctx.report('modern.header-mismatch-answer', at, message);
}
