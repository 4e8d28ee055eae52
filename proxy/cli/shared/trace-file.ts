/**
 * Reads and writes trace files for the CLI: NDJSON, a header line, then one frame per line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Frame } from '../../../lib/mcp/frame';
import type { StdioConnection } from '../../../lib/wire/connection';

export interface TraceHeader {
  format: 'loupe-trace';
  version: 1;
  loupeVersion: string;
  createdAt: string;
  target: { transport: 'stdio'; name: string; command: string; args: string[] };
  negotiatedVersion?: string;
  source: 'live';
}

export function traceHeader(connection: StdioConnection, loupeVersion: string, negotiatedVersion?: string): TraceHeader {
  return {
    format: 'loupe-trace', version: 1, loupeVersion, createdAt: new Date().toISOString(),
    target: { transport: 'stdio', name: connection.name, command: connection.command, args: connection.args },
    source: 'live', ...(negotiatedVersion ? { negotiatedVersion } : {}),
  };
}

export function writeTraceFile(file: string, header: TraceHeader, frames: readonly Frame[]): void {
  const lines = [JSON.stringify(header), ...frames.map((f) => JSON.stringify(f))];
  writeFileSync(file, lines.join('\n') + '\n');
}

export function readTraceFile(file: string): { header: Record<string, unknown>; frames: Frame[] } {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new Error(`${file} is empty: expected a Loupe trace (a header line, then one frame per line)`);
  const parse = (line: string, n: number) => {
    try {
      return JSON.parse(line);
    } catch (e) {
      throw new Error(`${file}, line ${n}: not JSON (${(e as Error).message})`);
    }
  };
  const header = parse(lines[0], 1);
  if (header?.format !== 'loupe-trace') throw new Error(`${file} is not a Loupe trace: its first line has no "format": "loupe-trace"`);
  if (header.version !== 1) throw new Error(`${file} is a Loupe trace of version ${header.version}; this Loupe reads version 1`);
  return { header, frames: lines.slice(1).map((l, i) => parse(l, i + 2) as Frame) };
}
