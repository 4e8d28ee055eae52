/**
 * Content blocks (tool results, prompt messages, sampling messages, embedded resources) as view
 * models. Everything a server sends is untrusted: images and audio are shown only as `data:` URLs
 * built here from base64, never from a URL the server names, and text is never treated as HTML.
 */
import { isBase64 } from '../text/base64';

export type BlockView =
  | { kind: 'text'; text: string }
  | { kind: 'image' | 'audio'; mimeType: string; src?: string; bytes: number; problem?: string }
  | { kind: 'resource-link'; uri: string; name?: string; mimeType?: string; description?: string }
  | { kind: 'resource'; uri: string; mimeType?: string; text?: string; bytes?: number; blobSrc?: string }
  | { kind: 'tool-use'; id: string; name: string; input: string }
  | { kind: 'tool-result'; toolUseId: string; isError: boolean; content: BlockView[]; structured?: string }
  | { kind: 'unknown'; type: string; json: string };

/** Decoded size of base64 text (without decoding it). */
export function base64Bytes(b64: string): number {
  const clean = b64.replace(/\s+/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - pad);
}

const SAFE_MEDIA = /^(image\/(png|jpeg|gif|webp|bmp|avif)|audio\/[a-z0-9.+-]+)$/i;

function mediaView(kind: 'image' | 'audio', b: Record<string, unknown>): BlockView {
  const mimeType = typeof b.mimeType === 'string' ? b.mimeType : '';
  const data = typeof b.data === 'string' ? b.data.replace(/\s+/g, '') : '';
  const bytes = base64Bytes(data);
  if (!mimeType) return { kind, mimeType, bytes, problem: 'no mimeType: the block cannot be shown' };
  if (!isBase64(data)) return { kind, mimeType, bytes, problem: '`data` is not base64' };
  // SVG can carry script; it is listed, not rendered.
  if (!SAFE_MEDIA.test(mimeType)) return { kind, mimeType, bytes, problem: `${mimeType} is not shown inline` };
  return { kind, mimeType, bytes, src: `data:${mimeType};base64,${data}` };
}

export function blockView(block: unknown): BlockView {
  if (typeof block !== 'object' || block === null) return { kind: 'unknown', type: typeof block, json: JSON.stringify(block) };
  const b = block as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return { kind: 'text', text: typeof b.text === 'string' ? b.text : JSON.stringify(b.text) };
    case 'image':
    case 'audio':
      return mediaView(b.type, b);
    case 'resource_link':
      return {
        kind: 'resource-link',
        uri: String(b.uri ?? ''),
        name: typeof b.name === 'string' ? b.name : undefined,
        mimeType: typeof b.mimeType === 'string' ? b.mimeType : undefined,
        description: typeof b.description === 'string' ? b.description : undefined,
      };
    case 'resource':
      return resourceView(b.resource);
    // Sampling with tools (client/sampling, 2025-11-25): what the model asked for and what it got back.
    case 'tool_use':
      return { kind: 'tool-use', id: String(b.id ?? ''), name: String(b.name ?? ''), input: JSON.stringify(b.input ?? {}, null, 2) };
    case 'tool_result': {
      const content = Array.isArray(b.content) ? b.content : b.content === undefined ? [] : [b.content];
      const view: BlockView = { kind: 'tool-result', toolUseId: String(b.toolUseId ?? ''), isError: b.isError === true, content: content.map(blockView) };
      if (b.structuredContent !== undefined) view.structured = JSON.stringify(b.structuredContent, null, 2);
      return view;
    }
    default:
      return { kind: 'unknown', type: String(b.type), json: JSON.stringify(b, null, 2) };
  }
}

/** A resource's contents (embedded in a block, or one entry of `resources/read`). */
export function resourceView(r: unknown): Extract<BlockView, { kind: 'resource' }> {
  const o = typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {};
  const mimeType = typeof o.mimeType === 'string' ? o.mimeType : undefined;
  const view: Extract<BlockView, { kind: 'resource' }> = { kind: 'resource', uri: String(o.uri ?? ''), mimeType };
  if (typeof o.text === 'string') {
    view.text = o.text;
    view.bytes = new TextEncoder().encode(o.text).length;
  } else if (typeof o.blob === 'string') {
    view.bytes = base64Bytes(o.blob);
    if (mimeType && SAFE_MEDIA.test(mimeType) && isBase64(o.blob)) view.blobSrc = `data:${mimeType};base64,${o.blob}`;
  }
  return view;
}

/** A short hex/ASCII preview of base64 bytes, for binary a browser cannot show. */
export function hexPreview(b64: string, max = 64): string {
  let bin = '';
  try {
    bin = atob(b64.replace(/\s+/g, '').slice(0, Math.ceil((max * 4) / 3) + 4));
  } catch {
    return '(not base64)';
  }
  return [...bin.slice(0, max)].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(' ');
}
