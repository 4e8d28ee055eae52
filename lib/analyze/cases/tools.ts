import { script } from '../testing';
import { err, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {} } });
const list = (tools: unknown[]) => hs().c(req(1, 'tools/list')).s(res(1, { tools }));
const obj = { type: 'object' };
const weather = { name: 'weather', inputSchema: obj, outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] } };

export const toolCases: RuleCase[] = [
  { rule: 'tools.input-schema', name: 'inputSchema of type string', trigger: () => list([{ name: 'a', inputSchema: { type: 'string' } }]).frames, nearMiss: () => list([{ name: 'a', inputSchema: { type: 'object', properties: {} } }]).frames },
  { rule: 'tools.input-schema', name: 'no inputSchema', trigger: () => list([{ name: 'a' }]).frames, nearMiss: () => list([{ name: 'a', inputSchema: obj }]).frames },
  { rule: 'tools.name', name: 'a name with a space', trigger: () => list([{ name: 'get weather', inputSchema: obj }]).frames, nearMiss: () => list([{ name: 'get_weather.v2-beta', inputSchema: obj }]).frames },
  { rule: 'tools.duplicate-name', name: 'two tools named a', trigger: () => list([{ name: 'a', inputSchema: obj }, { name: 'a', inputSchema: obj }]).frames, nearMiss: () => list([{ name: 'a', inputSchema: obj }, { name: 'A', inputSchema: obj }]).frames },
  { rule: 'tools.structured-content-missing', name: 'outputSchema but no structuredContent', trigger: () => list([weather]).c(req(2, 'tools/call', { name: 'weather' })).s(res(2, { content: [{ type: 'text', text: '20' }] })).frames, nearMiss: () => list([weather]).c(req(2, 'tools/call', { name: 'weather' })).s(res(2, { content: [{ type: 'text', text: 'down' }], isError: true })).frames },
  { rule: 'tools.structured-content-invalid', name: 'temp is a string', trigger: () => list([weather]).c(req(2, 'tools/call', { name: 'weather' })).s(res(2, { content: [], structuredContent: { temp: 'warm' } })).frames, nearMiss: () => list([weather]).c(req(2, 'tools/call', { name: 'weather' })).s(res(2, { content: [], structuredContent: { temp: 20.5, extra: true } })).frames },
  { rule: 'tools.unknown-tool-as-result', name: 'an unknown tool answered with isError', trigger: () => list([{ name: 'a', inputSchema: obj }]).c(req(2, 'tools/call', { name: 'nope' })).s(res(2, { content: [{ type: 'text', text: 'Tool nope not found' }], isError: true })).frames, nearMiss: () => list([{ name: 'a', inputSchema: obj }]).c(req(2, 'tools/call', { name: 'nope' })).s(err(2, -32602, 'Unknown tool: nope')).frames },
];
