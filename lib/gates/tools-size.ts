/**
 * How much a server's tool listing costs a model's context: the bytes of the `tools/list` result
 * (every page of the last complete listing) and an estimate in tokens. The estimate is bytes / 4,
 * the usual rule of thumb for English text and JSON with common tokenizers; real counts differ by
 * model, so a budget is best set in bytes and the tokens read as an order of magnitude.
 */
import { classifyFrame } from '../mcp/classify';
import type { Frame } from '../mcp/frame';
import { PairIndex } from '../mcp/pairs';

export const BYTES_PER_TOKEN = 4;

export interface ToolsListingSize {
  bytes: number;
  estimatedTokens: number;
  pages: number;
  /** The response frame of the listing's first page. */
  firstResponseSeq: number;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Undefined when the session never got a `tools/list` answer. */
export function toolsListingSize(frames: readonly Frame[]): ToolsListingSize | undefined {
  const pairs = new PairIndex();
  const bySeq = new Map<number, Frame>();
  for (const f of frames) {
    pairs.push(f);
    bySeq.set(f.seq, f);
  }
  let current: ToolsListingSize | undefined;
  let last: ToolsListingSize | undefined;
  for (const pair of [...pairs.byRequest.values()].sort((a, b) => a.requestSeq - b.requestSeq)) {
    if (pair.method !== 'tools/list' || bySeq.get(pair.requestSeq)?.dir !== 'c2s' || pair.responseSeq === undefined || pair.isError) continue;
    const request = classifyFrame(bySeq.get(pair.requestSeq)!).json as { params?: { cursor?: unknown } };
    const result = (classifyFrame(bySeq.get(pair.responseSeq)!).json as { result?: unknown } | undefined)?.result;
    if (result === undefined) continue;
    if (request.params?.cursor === undefined || !current) current = { bytes: 0, estimatedTokens: 0, pages: 0, firstResponseSeq: pair.responseSeq };
    current.bytes += utf8Length(JSON.stringify(result));
    current.pages++;
    current.estimatedTokens = Math.ceil(current.bytes / BYTES_PER_TOKEN);
    const next = (result as { nextCursor?: unknown }).nextCursor;
    if (typeof next !== 'string') last = current;
  }
  return last ?? current;
}
