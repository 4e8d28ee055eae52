/**
 * How much a server's tool listing costs a model's context: the bytes of the `tools/list` result
 * (every page of the last complete listing) and an estimate in tokens. The estimate is bytes / 4,
 * the usual rule of thumb for English text and JSON with common tokenizers; real counts differ by
 * model, so a budget is best set in bytes and the tokens read as an order of magnitude.
 */
import type { SessionModel } from '../model/session-model';

export const BYTES_PER_TOKEN = 4;

export interface ToolsListingSize {
  bytes: number;
  estimatedTokens: number;
  pages: number;
  /** The response frame of the listing's first page. */
  firstResponseSeq: number;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Undefined when the session never got a `tools/list` answer. Read from the caller's one model. */
export function toolsListingSize(model: Pick<SessionModel, 'calls' | 'classifiedAt'>): ToolsListingSize | undefined {
  let current: ToolsListingSize | undefined;
  let last: ToolsListingSize | undefined;
  for (const call of model.calls.all) {
    if (call.method !== 'tools/list' || call.dir !== 'c2s' || call.responseSeq === undefined || call.isError) continue;
    const result = (model.classifiedAt(call.responseSeq)?.json as { result?: unknown } | undefined)?.result;
    if (result === undefined) continue;
    const cursor = (call.params as { cursor?: unknown } | undefined)?.cursor;
    if (cursor === undefined || !current) current = { bytes: 0, estimatedTokens: 0, pages: 0, firstResponseSeq: call.responseSeq };
    current.bytes += utf8Length(JSON.stringify(result));
    current.pages++;
    current.estimatedTokens = Math.ceil(current.bytes / BYTES_PER_TOKEN);
    const next = (result as { nextCursor?: unknown }).nextCursor;
    if (typeof next !== 'string') last = current;
  }
  return last ?? current;
}
