import { script } from '../testing';
import { note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {}, logging: {} } });

export const schemaCases: RuleCase[] = [
  { rule: 'schema.params', name: 'tools/call without a name', trigger: () => hs().c(req(1, 'tools/call', { arguments: {} })).frames, nearMiss: () => hs().c(req(1, 'tools/call', { name: 'a', arguments: {} })).frames },
  { rule: 'schema.params', name: 'a log level that does not exist', trigger: () => hs().s(note('notifications/message', { level: 'verbose', data: 'x' })).frames, nearMiss: () => hs().s(note('notifications/message', { level: 'debug', data: 'x' })).frames },
  { rule: 'schema.result', name: 'a tool without inputSchema fails ListToolsResult', trigger: () => hs().c(req(1, 'tools/list')).s(res(1, { tools: [{ inputSchema: { type: 'object' } }] })).frames, nearMiss: () => hs().c(req(1, 'tools/list')).s(res(1, { tools: [{ name: 'a', inputSchema: { type: 'object' } }] })).frames },
  { rule: 'schema.result', name: 'initialize without serverInfo', trigger: () => script().c(req(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } })).s(res(0, { protocolVersion: '2025-11-25', capabilities: {} })).frames, nearMiss: () => hs().frames },
];
