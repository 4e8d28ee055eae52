/** The "Tap a URL" form's fields, and what the proxy is asked for once they make sense. */
import type { HttpMode } from '../connections/httpDraft';

export interface TapUrlDraft {
  url: string;
  port: string;
  name: string;
  mode: HttpMode;
}

export const emptyTapUrlDraft: TapUrlDraft = { url: '', port: '', name: '', mode: 'auto' };

export type TapUrlRequest = { url: string; port?: number; name?: string; mode: HttpMode };

export function tapUrlRequest(d: TapUrlDraft): { ok: true; value: TapUrlRequest } | { ok: false; error: string } {
  const url = d.url.trim();
  if (!url) return { ok: false, error: "Give the server's MCP endpoint, e.g. https://server.example/mcp." };
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, error: `The URL must be http or https, not ${u.protocol}` };
  } catch {
    return { ok: false, error: `"${url}" is not a URL: give the server's MCP endpoint, e.g. https://server.example/mcp.` };
  }
  const portText = d.port.trim();
  const port = portText === '' ? undefined : Number(portText);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535))
    return { ok: false, error: `The listen port must be a whole number from 0 to 65535, not "${portText}".` };
  const name = d.name.trim();
  return { ok: true, value: { url, mode: d.mode, ...(port !== undefined ? { port } : {}), ...(name ? { name } : {}) } };
}
