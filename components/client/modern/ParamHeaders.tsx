'use client';
import { useMemo } from 'react';
import { paramHeaders } from '../../../lib/mcp/modern-headers';

/**
 * A tool's `x-mcp-header` parameters (streamable-http, Custom Headers from Tool Parameters): which
 * argument travels in which Mcp-Param header in a modern session, and why an annotation is
 * invalid. A conforming HTTP client would drop such a tool from its list; Loupe shows it with the
 * reason and still lets the person call it, to see how the server reacts.
 */
export function ParamHeaders({ inputSchema }: { inputSchema: unknown }) {
  const { headers, problems } = useMemo(() => paramHeaders(inputSchema), [inputSchema]);
  if (headers.length === 0 && problems.length === 0) return null;
  return (
    <div aria-label="Parameter headers" className="text-[11px]">
      {headers.length > 0 && (
        <p className="text-zinc-400">Sent as headers over HTTP (modern): {headers.map((h) => `${h.path.join('.')} → Mcp-Param-${h.name}`).join(', ')}</p>
      )}
      {problems.length > 0 && (
        <p role="status" className="text-amber-300">
          Invalid x-mcp-header (an HTTP client must not offer this tool): {problems.join('; ')}
        </p>
      )}
    </div>
  );
}
