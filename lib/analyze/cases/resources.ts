import { script } from '../testing';
import { err, req, type RuleCase } from './types';

const read = (version: string, code: number, message: string) =>
  script()
    .handshake({ version, server: { resources: {} } })
    .c(req(1, 'resources/read', { uri: 'file:///gone.txt' }))
    .s(err(1, code, message)).frames;

export const resourceCases: RuleCase[] = [
  {
    rule: 'resources.not-found-code',
    name: 'a missing resource answered -32602 in 2025-11-25',
    trigger: () => read('2025-11-25', -32602, 'Resource not found: file:///gone.txt'),
    frames: [5, 4],
    nearMiss: () => read('2025-11-25', -32002, 'Resource not found: file:///gone.txt'),
  },
  {
    rule: 'resources.not-found-code',
    name: 'a missing resource answered -32603 in 2024-11-05',
    trigger: () => read('2024-11-05', -32603, 'No such file'),
    nearMiss: () => read('2024-11-05', -32603, 'Internal error: disk unreadable'),
  },
];
