import { script } from '../testing';
import { note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {} } });
const sampling = req(7, 'sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 });
const sampled = res(7, { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'person' });
const elicit = req(7, 'elicitation/create', { message: 'name?', requestedSchema: { type: 'object', properties: { n: { type: 'string' } } } });
const elicited = res(7, { action: 'accept', content: { n: 'x' } });
/** A tools/call during which the server asks the person something, who answers 15.333 s later;
 *  the server then takes `afterUs` to answer the call. */
const asks = (ask: object, answer: object, afterUs: number) =>
  script()
    .handshake({ client: { sampling: {}, elicitation: {} }, server: { tools: {} } })
    .c(req(1, 'tools/call', { name: 'a' }))
    .s(ask)
    .c(answer, 15_333_000)
    .s(res(1, { content: [] }), afterUs).frames;

export const timingCases: RuleCase[] = [
  {
    rule: 'timing.no-response',
    name: 'a call unanswered past the timeout',
    options: { timeoutMs: 1000 },
    trigger: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .c(req(2, 'ping'), 2_000_000).frames,
    nearMiss: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .c(req(2, 'ping'), 500_000)
        .s(res(1, { content: [] }))
        .s(res(2)).frames,
  },
  {
    rule: 'timing.no-response',
    name: 'a cancellation sent after the timeout does not excuse it',
    options: { timeoutMs: 1000 },
    trigger: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .c(note('notifications/cancelled', { requestId: 1 }), 2_000_000).frames,
    frames: [4],
    nearMiss: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .c(note('notifications/cancelled', { requestId: 1 }), 900_000)
        .c(req(2, 'ping'), 2_000_000)
        .s(res(2)).frames,
  },
  {
    rule: 'timing.no-response',
    name: 'a cancelled call is not waited for',
    options: { timeoutMs: 1000 },
    trigger: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .c(req(2, 'tools/call', { name: 'b' }))
        .c(note('notifications/cancelled', { requestId: 2 }))
        .c(req(3, 'ping'), 2_000_000).frames,
    frames: [4],
    nearMiss: () =>
      hs()
        .c(req(1, 'tools/call', { name: 'a' }))
        .c(note('notifications/cancelled', { requestId: 1 }))
        .c(req(2, 'ping'), 2_000_000)
        .s(res(2)).frames,
  },
  {
    rule: 'timing.slow',
    name: 'a 2 s answer with a 1 s threshold',
    options: { slowMs: 1000 },
    trigger: () => hs().c(req(1, 'ping')).s(res(1), 2_000_000).frames,
    nearMiss: () => hs().c(req(1, 'ping')).s(res(1), 900_000).frames,
  },
  // Each timing rule judges the peer that owes the answer: a slow answer to the server's own request
  // is the client's, and one a person types (sampling, elicitation) is nobody's.
  {
    rule: 'timing.slow',
    name: "the client slow to answer the server's roots/list",
    options: { slowMs: 1000 },
    trigger: () =>
      script()
        .handshake({ client: { roots: {} } })
        .s(req(1, 'roots/list'))
        .c(res(1, { roots: [] }), 2_000_000).frames,
    nearMiss: () =>
      script()
        .handshake({ client: { roots: {} } })
        .s(req(1, 'roots/list'))
        .c(res(1, { roots: [] }), 900_000).frames,
  },
  {
    rule: 'timing.slow',
    name: 'a tool that waited 15 s for a person to answer its sampling request, then took 2 s itself',
    options: { slowMs: 1000 },
    trigger: () => asks(sampling, sampled, 2_000_000),
    nearMiss: () => asks(sampling, sampled, 900_000),
  },
  {
    rule: 'timing.slow',
    name: 'a tool that waited 15 s for a person to answer its elicitation, then took 2 s itself',
    options: { slowMs: 1000 },
    trigger: () => asks(elicit, elicited, 2_000_000),
    nearMiss: () => asks(elicit, elicited, 900_000),
  },
];
