import { script } from '../testing';
import { note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {} } });

export const timingCases: RuleCase[] = [
  { rule: 'timing.no-response', name: 'a call unanswered past the timeout', options: { timeoutMs: 1000 }, trigger: () => hs().c(req(1, 'tools/call', { name: 'a' })).c(req(2, 'ping'), 2_000_000).frames, nearMiss: () => hs().c(req(1, 'tools/call', { name: 'a' })).c(req(2, 'ping'), 500_000).s(res(1, { content: [] })).s(res(2)).frames },
  { rule: 'timing.no-response', name: 'a cancellation sent after the timeout does not excuse it', options: { timeoutMs: 1000 }, trigger: () => hs().c(req(1, 'tools/call', { name: 'a' })).c(note('notifications/cancelled', { requestId: 1 }), 2_000_000).frames, frames: [4], nearMiss: () => hs().c(req(1, 'tools/call', { name: 'a' })).c(note('notifications/cancelled', { requestId: 1 }), 900_000).c(req(2, 'ping'), 2_000_000).s(res(2)).frames },
  { rule: 'timing.no-response', name: 'a cancelled call is not waited for', options: { timeoutMs: 1000 }, trigger: () => hs().c(req(1, 'tools/call', { name: 'a' })).c(req(2, 'tools/call', { name: 'b' })).c(note('notifications/cancelled', { requestId: 2 })).c(req(3, 'ping'), 2_000_000).frames, frames: [4], nearMiss: () => hs().c(req(1, 'tools/call', { name: 'a' })).c(note('notifications/cancelled', { requestId: 1 })).c(req(2, 'ping'), 2_000_000).s(res(2)).frames },
  { rule: 'timing.slow', name: 'a 2 s answer with a 1 s threshold', options: { slowMs: 1000 }, trigger: () => hs().c(req(1, 'ping')).s(res(1), 2_000_000).frames, nearMiss: () => hs().c(req(1, 'ping')).s(res(1), 900_000).frames },
];
