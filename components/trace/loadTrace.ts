/**
 * Opens trace files in the browser: a File (picker or drop) or a URL (`?trace=`). Both stream
 * through lib/trace's reader, so a refusal names the line and the reason and nothing half-loads.
 */
import { TraceError, type Trace } from '../../lib/trace/format';
import { readTraceStream } from '../../lib/trace/reader';
import { importOtherFormat } from '../../lib/trace/other-formats';
import { useLoupe } from '../../lib/browser/store';

export type LoadResult = { ok: true; name: string; trace: Trace } | { ok: false; name: string; error: string };

function refusal(name: string, e: unknown): LoadResult {
  const error = e instanceof TraceError ? e.message : `could not be read: ${(e as Error).message}`;
  return { ok: false, name, error };
}

/** Host logs and the Inspector's exports are a few MB at most; a trace file can be far larger and is read as a stream. */
const OTHER_FORMAT_MAX_BYTES = 64 * 2 ** 20;

export async function loadTraceFile(file: File): Promise<LoadResult> {
  try {
    return { ok: true, name: file.name, trace: await readTraceStream(file.stream()) };
  } catch (e) {
    // Not a trace: it may be what a host logged (Claude Desktop, VS Code) or the MCP Inspector's
    // export, which read as one; any other JSON is refused with what Loupe reads.
    if (file.size <= OTHER_FORMAT_MAX_BYTES) {
      const text = await file.text().catch(() => '');
      try {
        const trace = importOtherFormat(text, { fileName: file.name, loupeVersion: useLoupe.getState().link.proxyVersion ?? 'unknown' });
        if (trace) return { ok: true, name: file.name, trace };
      } catch (other) {
        return refusal(file.name, other);
      }
    }
    return refusal(file.name, e);
  }
}

/** Only http(s) URLs and paths on the page's own origin: a trace URL is untrusted input. */
export function traceUrlFromSearch(search: string, base: string): URL | undefined {
  const raw = new URLSearchParams(search).get('trace');
  if (!raw) return undefined;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** How a trace URL is requested: directly, or (in the dashboard) through the proxy. */
export type TraceFetch = (url: URL) => Promise<Response>;

export const fetchDirectly: TraceFetch = (url) => fetch(url, { credentials: 'omit' });

export async function loadTraceUrl(url: URL, fetchTrace: TraceFetch = fetchDirectly): Promise<LoadResult> {
  const name = decodeURIComponent(url.pathname.split('/').pop() || url.host);
  try {
    const res = await fetchTrace(url);
    if (!res.ok || !res.body) return { ok: false, name, error: `the server answered ${res.status} ${res.statusText} for ${url.href}` };
    return { ok: true, name, trace: await readTraceStream(res.body) };
  } catch (e) {
    return refusal(name, e);
  }
}
