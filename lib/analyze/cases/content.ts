import { script } from '../testing';
import { req, res, type RuleCase } from './types';

const callWith = (content: unknown[]) =>
  script()
    .handshake({ server: { tools: {} } })
    .c(req(1, 'tools/call', { name: 'a' }))
    .s(res(1, { content }));

export const contentCases: RuleCase[] = [
  {
    rule: 'content.invalid-block',
    name: 'image data that is not base64',
    trigger: () => callWith([{ type: 'image', data: 'not base64!', mimeType: 'image/png' }]).frames,
    nearMiss: () => callWith([{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }]).frames,
  },
  {
    rule: 'content.invalid-block',
    name: 'an unknown block type',
    trigger: () => callWith([{ type: 'video', url: 'x' }]).frames,
    nearMiss: () => callWith([{ type: 'text', text: 'video' }]).frames,
  },
  {
    rule: 'content.invalid-block',
    name: 'audio without a mimeType',
    trigger: () => callWith([{ type: 'audio', data: 'AAAA' }]).frames,
    nearMiss: () => callWith([{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }]).frames,
  },
];
