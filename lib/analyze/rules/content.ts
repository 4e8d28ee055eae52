/** content.*: content blocks in tool results, prompts and sampling (server/tools#tool-result). */
import type { Message } from '../message';
import type { RequestRecord } from '../state';
import type { RuleModule } from '../types';
import { isBase64 } from '../../text/base64';
import { arrAt, isObj, objAt, own, show, strAt } from '../util';

const SINCE: Record<string, string> = {
  text: '2024-11-05',
  image: '2024-11-05',
  resource: '2024-11-05',
  audio: '2025-03-26',
  resource_link: '2025-06-18',
  tool_use: '2025-11-25',
  tool_result: '2025-11-25',
};
const SAMPLING_ONLY = new Set(['tool_use', 'tool_result']);

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
}

/** Content blocks a message carries, with where they sit, and whether sampling types are allowed. */
export function blocksOf(msg: Message, request: RequestRecord | undefined): { blocks: Array<[string, unknown]>; sampling: boolean } {
  const blocks: Array<[string, unknown]> = [];
  const method = msg.kind === 'request' ? msg.method : request?.method;
  const body = msg.kind === 'request' ? msg.params : msg.kind === 'response' ? msg.result : undefined;
  if (method === 'tools/call' && msg.kind === 'response') arrAt(body, 'content')?.forEach((b, i) => blocks.push([`content[${i}]`, b]));
  if (method === 'prompts/get' && msg.kind === 'response')
    arrAt(body, 'messages')?.forEach((m, i) => blocks.push([`messages[${i}].content`, isObj(m) ? own(m, 'content') : undefined]));
  if (method === 'sampling/createMessage') {
    if (msg.kind === 'request')
      arrAt(body, 'messages')?.forEach((m, i) =>
        asList(isObj(m) ? own(m, 'content') : undefined).forEach((b, j) => blocks.push([`messages[${i}].content[${j}]`, b])),
      );
    else if (isObj(body)) asList(own(body, 'content')).forEach((b, j) => blocks.push([`content[${j}]`, b]));
  }
  return { blocks, sampling: method === 'sampling/createMessage' };
}

function blockProblem(b: unknown, sampling: boolean): string | undefined {
  if (!isObj(b)) return `is ${show(b, 30)}, not an object`;
  const type = own(b, 'type');
  if (typeof type !== 'string' || !(type in SINCE) || (!sampling && SAMPLING_ONLY.has(type))) return `has unknown type ${show(type, 30)}`;
  if (type === 'text' && typeof own(b, 'text') !== 'string') return 'is text without a string "text"';
  if (type === 'image' || type === 'audio') {
    const data = own(b, 'data');
    if (typeof own(b, 'mimeType') !== 'string') return `is ${type} without a mimeType`;
    if (typeof data !== 'string' || data.length % 4 !== 0 || !isBase64(data)) return `is ${type} whose data is not base64 (${show(data, 24)})`;
  }
  if (type === 'resource' && strAt(objAt(b, 'resource'), 'uri') === undefined) return 'is an embedded resource without resource.uri';
  if (type === 'resource_link' && (strAt(b, 'uri') === undefined || strAt(b, 'name') === undefined)) return 'is a resource_link without uri or name';
  return undefined;
}

export const contentRules: RuleModule = {
  rules: {
    'content.invalid-block': { severity: 'error', layer: 'tool', section: 'server/tools#tool-result' },
  },

  onMessage({ msg, state, request, version, report }) {
    if (state.era === 'modern' || (msg.kind !== 'request' && msg.kind !== 'response')) return;
    if (msg.kind === 'response' && (!request || request.responseSeq !== undefined)) return;
    const { blocks, sampling } = blocksOf(msg, request);
    if (blocks.length === 0) return;
    const at = request ? [msg.seq, request.seq] : [msg.seq];
    const problems: string[] = [];
    const tooNew: string[] = [];
    for (const [where, b] of blocks) {
      const p = blockProblem(b, sampling);
      if (p) problems.push(`${where} ${p}`);
      const type = strAt(b, 'type');
      if (type !== undefined && type in SINCE && version < SINCE[type] && !tooNew.includes(type)) tooNew.push(type);
    }
    if (problems.length)
      report('content.invalid-block', at, problems.slice(0, 3).join('; ') + (problems.length > 3 ? `; and ${problems.length - 3} more` : ''));
    if (tooNew.length)
      report(
        'version.feature-not-in-version',
        at,
        `content type${tooNew.length > 1 ? 's' : ''} ${tooNew.map((t) => `${t} (from ${SINCE[t]})`).join(', ')} not in ${version}, the version of this session`,
      );
  },
};
