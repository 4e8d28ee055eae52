import { script } from '../testing';
import { note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {} } });
const call = (id: number, token: unknown) => req(id, 'tools/call', { name: 'a', _meta: { progressToken: token } });
const progress = (token: unknown, value: number) => note('notifications/progress', { progressToken: token, progress: value });

export const utilityCases: RuleCase[] = [
  {
    rule: 'pagination.foreign-cursor',
    name: 'a cursor the server never issued',
    trigger: () =>
      hs()
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [], nextCursor: 'abc' }))
        .c(req(2, 'tools/list', { cursor: 'xyz' })).frames,
    nearMiss: () =>
      hs()
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [], nextCursor: 'abc' }))
        .c(req(2, 'tools/list', { cursor: 'abc' })).frames,
  },
  {
    rule: 'pagination.foreign-cursor',
    name: "another method's cursor",
    trigger: () =>
      script()
        .handshake({ server: { tools: {}, prompts: {} } })
        .c(req(1, 'prompts/list'))
        .s(res(1, { prompts: [], nextCursor: 'p1' }))
        .c(req(2, 'tools/list', { cursor: 'p1' })).frames,
    nearMiss: () =>
      script()
        .handshake({ server: { tools: {}, prompts: {} } })
        .c(req(1, 'prompts/list'))
        .s(res(1, { prompts: [], nextCursor: 'p1' }))
        .c(req(2, 'prompts/list', { cursor: 'p1' })).frames,
  },
  { rule: 'progress.token-type', name: 'a fractional progress token', trigger: () => hs().c(call(1, 1.5)).frames, nearMiss: () => hs().c(call(1, 15)).frames },
  {
    rule: 'progress.token-duplicate',
    name: 'one token on two active requests',
    trigger: () => hs().c(call(1, 'p')).c(call(2, 'p')).frames,
    frames: [5, 4],
    nearMiss: () =>
      hs()
        .c(call(1, 'p'))
        .s(res(1, { content: [] }))
        .c(call(2, 'p')).frames,
  },
  {
    rule: 'progress.unknown-token',
    name: 'progress for a token nobody sent',
    trigger: () => hs().c(call(1, 'p')).s(progress('q', 1)).frames,
    nearMiss: () => hs().c(call(1, 'p')).s(progress('p', 1)).frames,
  },
  {
    rule: 'progress.not-increasing',
    name: 'progress going 5 then 3',
    trigger: () => hs().c(call(1, 'p')).s(progress('p', 5)).s(progress('p', 3)).frames,
    nearMiss: () => hs().c(call(1, 'p')).s(progress('p', 3)).s(progress('p', 5)).frames,
  },
  {
    rule: 'progress.after-response',
    name: 'progress after the result',
    trigger: () =>
      hs()
        .c(call(1, 'p'))
        .s(res(1, { content: [] }))
        .s(progress('p', 1)).frames,
    nearMiss: () =>
      hs()
        .c(call(1, 'p'))
        .s(progress('p', 1))
        .s(res(1, { content: [] })).frames,
  },
  {
    rule: 'progress.after-cancel',
    name: 'progress after the client cancelled',
    trigger: () =>
      hs()
        .c(call(1, 'p'))
        .c(note('notifications/cancelled', { requestId: 1 }))
        .s(progress('p', 1)).frames,
    frames: [6, 5, 4],
    nearMiss: () =>
      hs()
        .c(call(1, 'p'))
        .s(progress('p', 1))
        .c(note('notifications/cancelled', { requestId: 1 })).frames,
  },
  {
    rule: 'progress.after-cancel',
    name: 'progress for another request than the one cancelled',
    trigger: () =>
      hs()
        .c(call(1, 'p'))
        .c(call(2, 'q'))
        .c(note('notifications/cancelled', { requestId: 2 }))
        .s(progress('q', 1)).frames,
    nearMiss: () =>
      hs()
        .c(call(1, 'p'))
        .c(call(2, 'q'))
        .c(note('notifications/cancelled', { requestId: 2 }))
        .s(progress('p', 1)).frames,
  },
  {
    rule: 'cancel.unknown-request',
    name: 'cancelling a request never sent',
    trigger: () => hs().c(note('notifications/cancelled', { requestId: 42 })).frames,
    nearMiss: () =>
      hs()
        .c(req(42, 'tools/call', { name: 'a' }))
        .c(note('notifications/cancelled', { requestId: 42 })).frames,
  },
  {
    rule: 'cancel.unknown-request',
    name: "cancelling the other side's request",
    trigger: () =>
      hs()
        .s(req(7, 'ping'))
        .c(note('notifications/cancelled', { requestId: 7 })).frames,
    nearMiss: () =>
      hs()
        .s(req(7, 'ping'))
        .s(note('notifications/cancelled', { requestId: 7 })).frames,
  },
  {
    rule: 'cancel.response-after-cancel',
    name: 'an answer after the cancel',
    trigger: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .c(note('notifications/cancelled', { requestId: 1 }))
        .s(res(1, { content: [] })).frames,
    nearMiss: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .s(res(1, { content: [] }))
        .c(note('notifications/cancelled', { requestId: 1 })).frames,
  },
];
