'use client';
/** Where the session's OAuth client stands: waiting for the person (with the link to open), authorized, or failed and why. */
import type { SessionSummary } from '../../lib/wire/protocol';
import { safeAuthorizeHref } from './safeHref';

export function AuthorizeBanner({ oauth }: { oauth: NonNullable<SessionSummary['oauth']> }) {
  if (oauth.status === 'failed') {
    return (
      <p role="alert" className="mb-3 rounded border border-red-800 bg-red-950/60 p-2 text-red-200">
        OAuth failed: {oauth.error ?? 'no reason given'}. The steps below show where the chain broke; if this server takes an API key or a fixed token instead,
        give it as a header of the connection and connect again.
      </p>
    );
  }
  if (oauth.status === 'authorized') {
    return (
      <p role="status" className="mb-3 rounded border border-emerald-800 bg-emerald-950/50 p-2 text-emerald-200">
        Authorized: the session sends its bearer token (kept by the proxy, never shown here).
      </p>
    );
  }
  const href = oauth.authorizeUrl ? safeAuthorizeHref(oauth.authorizeUrl) : undefined;
  return (
    <div role="status" className="mb-3 flex items-center gap-3 rounded border border-amber-700 bg-amber-950/50 p-2 text-amber-100">
      <span className="flex-1">
        {href
          ? 'The server asks for authorization. Sign in with the authorization server in a new tab; it sends you back to Loupe, and the session goes on.'
          : 'Discovering how to authorize…'}
      </span>
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="shrink-0 rounded bg-amber-600 px-3 py-1 font-medium text-zinc-950 hover:bg-amber-500"
        >
          Authorize
        </a>
      )}
    </div>
  );
}
