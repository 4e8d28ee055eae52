import { script } from '../testing';
import { req, res, type RuleCase } from './types';

const client = (caps: object) => script().handshake({ client: caps, server: { completions: {}, prompts: {} } });
const form = (requestedSchema: unknown) => client({ elicitation: {} }).s(req(1, 'elicitation/create', { message: 'Who?', requestedSchema }));
const url = (params: object) => client({ elicitation: { url: {} } }).s(req(1, 'elicitation/create', { mode: 'url', message: 'Sign in', ...params }));
const sampling = (messages: unknown[]) =>
  client({ sampling: { tools: {} } }).s(req(1, 'sampling/createMessage', { messages, maxTokens: 10, tools: [{ name: 't', inputSchema: { type: 'object' } }] }));
const use = { type: 'tool_use', id: 'u1', name: 't', input: {} };
const result = { type: 'tool_result', toolUseId: 'u1', content: [] };

const answered = (content: object) =>
  form({ type: 'object', properties: { email: { type: 'string', format: 'email' }, age: { type: 'integer', minimum: 0 } }, required: ['email'] }).c(
    res(1, { action: 'accept', content }),
  ).frames;

export const featureCases: RuleCase[] = [
  {
    rule: 'elicitation.content-invalid',
    name: 'an accepted form without its required field',
    trigger: () => answered({ age: 3 }),
    frames: [5, 4],
    nearMiss: () => answered({ email: 'a@example.com', age: 3 }),
  },
  {
    rule: 'elicitation.content-invalid',
    name: 'an email that is not one',
    trigger: () => answered({ email: 'nobody' }),
    nearMiss: () => form({ type: 'object', properties: { email: { type: 'string', format: 'email' } } }).c(res(1, { action: 'decline' })).frames,
  },
  {
    rule: 'elicitation.schema-not-flat',
    name: 'a nested object property',
    trigger: () => form({ type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } }).frames,
    nearMiss: () =>
      form({ type: 'object', properties: { city: { type: 'string' }, age: { type: 'integer' }, tags: { type: 'array', items: { enum: ['a', 'b'] } } } }).frames,
  },
  {
    rule: 'elicitation.url-fields',
    name: 'URL mode without elicitationId',
    trigger: () => url({ url: 'https://example.com/login' }).frames,
    nearMiss: () => url({ url: 'https://example.com/login', elicitationId: 'e1' }).frames,
  },
  {
    rule: 'elicitation.url-fields',
    name: 'an accepted URL elicitation with content',
    trigger: () => url({ url: 'https://x', elicitationId: 'e1' }).c(res(1, { action: 'accept', content: { a: 1 } })).frames,
    nearMiss: () => url({ url: 'https://x', elicitationId: 'e1' }).c(res(1, { action: 'accept' })).frames,
  },
  {
    rule: 'roots.non-file-uri',
    name: 'an https root',
    trigger: () =>
      client({ roots: {} })
        .s(req(1, 'roots/list'))
        .c(res(1, { roots: [{ uri: 'https://example.com/repo' }] })).frames,
    nearMiss: () =>
      client({ roots: {} })
        .s(req(1, 'roots/list'))
        .c(res(1, { roots: [{ uri: 'file:///home/me/repo' }] })).frames,
  },
  {
    rule: 'completion.too-many-values',
    name: '101 values',
    trigger: () =>
      client({})
        .c(req(1, 'completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }))
        .s(res(1, { completion: { values: Array.from({ length: 101 }, (_, i) => `v${i}`) } })).frames,
    nearMiss: () =>
      client({})
        .c(req(1, 'completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }))
        .s(res(1, { completion: { values: Array.from({ length: 100 }, (_, i) => `v${i}`), total: 500, hasMore: true } })).frames,
  },
  {
    rule: 'sampling.tool-result-mixed',
    name: 'tool_result mixed with text',
    trigger: () =>
      sampling([
        { role: 'user', content: { type: 'text', text: 'go' } },
        { role: 'assistant', content: [use] },
        { role: 'user', content: [result, { type: 'text', text: 'and more' }] },
      ]).frames,
    nearMiss: () =>
      sampling([
        { role: 'user', content: { type: 'text', text: 'go' } },
        { role: 'assistant', content: [use] },
        { role: 'user', content: [result] },
      ]).frames,
  },
  {
    rule: 'sampling.tool-result-mixed',
    name: 'a tool_use left unanswered',
    trigger: () =>
      sampling([
        { role: 'assistant', content: [use] },
        { role: 'user', content: { type: 'text', text: 'never mind' } },
      ]).frames,
    nearMiss: () =>
      sampling([
        { role: 'assistant', content: [use] },
        { role: 'user', content: [result] },
      ]).frames,
  },
];
