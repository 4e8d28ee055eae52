import { script } from '../testing';
import { note, req, type RuleCase } from './types';

export const capabilityCases: RuleCase[] = [
  {
    rule: 'capability.receiver-undeclared',
    name: 'tools/list without the server tools capability',
    trigger: () =>
      script()
        .handshake({ server: { prompts: {} } })
        .c(req(1, 'tools/list')).frames,
    nearMiss: () =>
      script()
        .handshake({ server: { tools: {} } })
        .c(req(1, 'tools/list')).frames,
  },
  {
    rule: 'capability.receiver-undeclared',
    name: 'resources/subscribe without resources.subscribe',
    trigger: () =>
      script()
        .handshake({ server: { resources: {} } })
        .c(req(1, 'resources/subscribe', { uri: 'file:///a' })).frames,
    nearMiss: () =>
      script()
        .handshake({ server: { resources: { subscribe: true } } })
        .c(req(1, 'resources/subscribe', { uri: 'file:///a' })).frames,
  },
  {
    rule: 'capability.receiver-undeclared',
    name: 'sampling with tools without sampling.tools',
    trigger: () =>
      script()
        .handshake({ client: { sampling: {} } })
        .s(req(1, 'sampling/createMessage', { messages: [], maxTokens: 5, tools: [] })).frames,
    nearMiss: () =>
      script()
        .handshake({ client: { sampling: { tools: {} } } })
        .s(req(1, 'sampling/createMessage', { messages: [], maxTokens: 5, tools: [] })).frames,
  },
  {
    rule: 'capability.receiver-undeclared',
    name: 'URL elicitation without elicitation.url',
    trigger: () =>
      script()
        .handshake({ client: { elicitation: { form: {} } } })
        .s(req(1, 'elicitation/create', { mode: 'url', message: 'm', url: 'https://x', elicitationId: 'e' })).frames,
    nearMiss: () =>
      script()
        .handshake({ client: { elicitation: { url: {} } } })
        .s(req(1, 'elicitation/create', { mode: 'url', message: 'm', url: 'https://x', elicitationId: 'e' })).frames,
  },
  {
    rule: 'capability.receiver-undeclared',
    name: 'completion/complete without completions (2025-03-26 on)',
    trigger: () =>
      script()
        .handshake({ server: { prompts: {} } })
        .c(req(1, 'completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).frames,
    nearMiss: () =>
      script()
        .handshake({ version: '2024-11-05', server: { prompts: {} } })
        .c(req(1, 'completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } })).frames,
  },
  {
    rule: 'capability.receiver-undeclared',
    name: 'form elicitation to a client that offers only URL mode',
    trigger: () =>
      script()
        .handshake({ client: { elicitation: { url: {} } } })
        .s(req(1, 'elicitation/create', { message: 'm', requestedSchema: { type: 'object', properties: {} } })).frames,
    nearMiss: () =>
      script()
        .handshake({ client: { elicitation: {} } })
        .s(req(1, 'elicitation/create', { message: 'm', requestedSchema: { type: 'object', properties: {} } })).frames,
  },
  {
    rule: 'capability.sender-undeclared',
    name: 'tools/list_changed without listChanged',
    trigger: () =>
      script()
        .handshake({ server: { tools: {} } })
        .s(note('notifications/tools/list_changed')).frames,
    nearMiss: () =>
      script()
        .handshake({ server: { tools: { listChanged: true } } })
        .s(note('notifications/tools/list_changed')).frames,
  },
  {
    rule: 'capability.sender-undeclared',
    name: 'roots/list_changed without roots.listChanged',
    trigger: () =>
      script()
        .handshake({ client: { roots: {} } })
        .c(note('notifications/roots/list_changed')).frames,
    nearMiss: () =>
      script()
        .handshake({ client: { roots: { listChanged: true } } })
        .c(note('notifications/roots/list_changed')).frames,
  },
  {
    rule: 'capability.unsubscribed-update',
    name: 'an update after unsubscribe',
    trigger: () =>
      script()
        .handshake({ server: { resources: { subscribe: true } } })
        .c(req(1, 'resources/subscribe', { uri: 'file:///a' }))
        .c(req(2, 'resources/unsubscribe', { uri: 'file:///a' }))
        .s(note('notifications/resources/updated', { uri: 'file:///a' })).frames,
    nearMiss: () =>
      script()
        .handshake({ server: { resources: { subscribe: true } } })
        .c(req(1, 'resources/subscribe', { uri: 'file:///a' }))
        .s(note('notifications/resources/updated', { uri: 'file:///a' })).frames,
  },
];
