/**
 * What an HTTP tap writes to its file: the HTTP parts of each exchange with their credentials
 * masked on write, so a tap file holds no token to leak, whoever reads it later:
 *
 * - secret headers: masked (`••••••`) by the listener itself (http-tap.ts), kept as they are here;
 * - the request line and the recorded URLs: query values under secret-looking names (`?api_key=`,
 *   `?access_token=`, `?sig=`), an authorization code (`?code=`), and every value of the tapped
 *   URL's own secret query parameters wherever it appears;
 * - OAuth bodies (token, registration and revocation requests and their answers, form-encoded or
 *   JSON): codes, PKCE verifiers, client secrets and assertions, access, refresh and ID tokens;
 *   with them, any other value the built-in redaction rules find (JWTs, `sk-…` keys, …).
 *
 * MCP messages (the `message` lane) are recorded exactly as they crossed, as the page shows them;
 * exports redact them like any other session's. The masking is the one redaction path every
 * export uses (lib/trace/redact.ts), with only the header rules off.
 */
import type { Frame } from '../../lib/mcp/frame';
import { redactFrames, type RedactOptions } from '../../lib/trace/redact';
import { SECRET_HEADERS } from '../../lib/trace/redact-rules';
import { redactionInputs } from '../../lib/trace/redaction-inputs';

/** The masking for a tap of `upstream`: returns each frame as it is to be written. */
export function tapFrameMasking(upstream: string): (frame: Frame) => Frame {
  const options: RedactOptions = {
    secrets: redactionInputs({ url: upstream }),
    // The listener has already masked these headers in a form of its own, which stays.
    disabled: [...SECRET_HEADERS, 'header-line'],
  };
  return (frame) => (frame.lane === 'message' ? frame : redactFrames([frame], options).frames[0]);
}
