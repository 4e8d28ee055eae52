/**
 * The `WWW-Authenticate: Bearer …` challenge of a 401 or 403 (RFC 6750 §3, RFC 9728 §5.1): the
 * `resource_metadata` URL, the `scope` the server wants, and the `error`. Pure, so the analyser's
 * rules and the OAuth client read a challenge the same way.
 */
export interface BearerChallenge {
  resourceMetadata?: string;
  scope?: string;
  error?: string;
  errorDescription?: string;
}

/** Parameters of the Bearer challenge (auth-param = token "=" ( token / quoted-string )); undefined
 *  when the header names no Bearer scheme. */
export function parseBearerChallenge(header: string | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  const at = header.search(/(^|[\s,])bearer(\s|$)/i);
  if (at < 0) return undefined;
  const rest = header.slice(at).replace(/^[\s,]*bearer/i, '');
  const params: Record<string, string> = {};
  const re = /\s*,?\s*([A-Za-z0-9_.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/y;
  let m: RegExpExecArray | null;
  while ((m = re.exec(rest)) !== null) {
    params[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3];
  }
  return { resourceMetadata: params.resource_metadata, scope: params.scope, error: params.error, errorDescription: params.error_description };
}
