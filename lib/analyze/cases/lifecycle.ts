import { script } from '../testing';
import { err, note, req, res, type RuleCase } from './types';

const init = (id: unknown = 0, version = '2025-11-25') =>
  req(id, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } });
const initResult = (id: unknown = 0, version = '2025-11-25') =>
  res(id, { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } });
const initialized = note('notifications/initialized');

export const lifecycleCases: RuleCase[] = [
  {
    rule: 'lifecycle.initialize-not-first',
    name: 'tools/list before initialize',
    trigger: () => script().c(req(1, 'tools/list')).frames,
    nearMiss: () => script().c(init()).s(initResult()).c(initialized).c(req(1, 'tools/list')).frames,
  },
  {
    rule: 'lifecycle.duplicate-initialize',
    name: 'initialize twice',
    trigger: () => script().c(init()).s(initResult()).c(initialized).c(init(1)).frames,
    frames: [4, 1],
    nearMiss: () => script().c(init()).s(initResult()).c(initialized).frames,
  },
  {
    rule: 'lifecycle.request-before-init-response',
    name: 'tools/list while initialize is pending',
    trigger: () => script().c(init()).c(req(1, 'tools/list')).frames,
    nearMiss: () => script().c(init()).c(req(1, 'ping')).s(initResult()).frames,
  },
  {
    rule: 'lifecycle.missing-initialized',
    name: 'a request without notifications/initialized',
    trigger: () => script().c(init()).s(initResult()).c(req(1, 'tools/list')).c(req(2, 'tools/list')).frames,
    nearMiss: () => script().c(init()).s(initResult()).c(initialized).c(req(1, 'tools/list')).frames,
  },
  {
    rule: 'lifecycle.duplicate-initialized',
    name: 'notifications/initialized twice',
    trigger: () => script().c(init()).s(initResult()).c(initialized).c(initialized).frames,
    nearMiss: () => script().c(init()).s(initResult()).c(initialized).frames,
  },
  {
    rule: 'lifecycle.server-request-before-initialized',
    name: 'roots/list before initialized',
    trigger: () =>
      script()
        .c(req(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' } }))
        .s(initResult())
        .s(req(1, 'roots/list')).frames,
    nearMiss: () => script().c(init()).s(initResult()).s(req(1, 'ping')).c(initialized).frames,
  },
  {
    rule: 'lifecycle.initialize-cancelled',
    name: 'cancelling initialize',
    trigger: () =>
      script()
        .c(init())
        .c(note('notifications/cancelled', { requestId: 0 })).frames,
    nearMiss: () =>
      script()
        .c(init())
        .s(initResult())
        .c(initialized)
        .c(req(1, 'tools/list'))
        .c(note('notifications/cancelled', { requestId: 1 })).frames,
  },
  {
    rule: 'lifecycle.initialize-failed',
    name: 'initialize answered with an error',
    trigger: () =>
      script()
        .c(init())
        .s(err(0, -32602, 'Unsupported protocol version')).frames,
    nearMiss: () => script().c(init()).s(initResult()).frames,
  },
];

export { init, initResult, initialized };
