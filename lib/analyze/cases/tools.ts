import { script } from '../testing';
import { err, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {} } });
const list = (tools: unknown[]) => hs().c(req(1, 'tools/list')).s(res(1, { tools }));
const obj = { type: 'object' };
const located = {
  name: 'locate',
  inputSchema: obj,
  outputSchema: {
    type: 'object',
    properties: { at: { $ref: '#/$defs/point' }, code: { type: 'string', pattern: '^[A-Z]{3}$' } },
    $defs: { point: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] } },
  },
};
const locate = (structuredContent: unknown) =>
  list([located])
    .c(req(2, 'tools/call', { name: 'locate' }))
    .s(res(2, { content: [], structuredContent })).frames;
const weather = { name: 'weather', inputSchema: obj, outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] } };

export const toolCases: RuleCase[] = [
  {
    rule: 'tools.input-schema',
    name: 'inputSchema of type string',
    trigger: () => list([{ name: 'a', inputSchema: { type: 'string' } }]).frames,
    nearMiss: () => list([{ name: 'a', inputSchema: { type: 'object', properties: {} } }]).frames,
  },
  {
    rule: 'tools.input-schema',
    name: 'no inputSchema',
    trigger: () => list([{ name: 'a' }]).frames,
    nearMiss: () => list([{ name: 'a', inputSchema: obj }]).frames,
  },
  {
    rule: 'tools.input-schema',
    name: 'a $ref to a definition that does not exist',
    trigger: () => list([{ name: 'a', inputSchema: { type: 'object', properties: { p: { $ref: '#/$defs/point' } }, $defs: { pt: {} } } }]).frames,
    nearMiss: () =>
      list([
        {
          name: 'a',
          inputSchema: {
            type: 'object',
            properties: { p: { $ref: '#/$defs/point' }, q: { $ref: '#anchor' } },
            $defs: { point: {}, other: { $anchor: 'anchor' } },
          },
        },
      ]).frames,
  },
  {
    rule: 'tools.output-schema',
    name: 'a pattern that is not a regular expression',
    trigger: () => list([{ name: 'a', inputSchema: obj, outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '([a-z' } } } }]).frames,
    nearMiss: () =>
      list([
        {
          name: 'a',
          inputSchema: obj,
          outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' }, const: { const: { $ref: '#/nowhere' } } } },
        },
      ]).frames,
  },
  {
    rule: 'tools.name',
    name: 'a name with a space',
    trigger: () => list([{ name: 'get weather', inputSchema: obj }]).frames,
    nearMiss: () => list([{ name: 'get_weather.v2-beta', inputSchema: obj }]).frames,
  },
  {
    rule: 'tools.duplicate-name',
    name: 'two tools named a',
    trigger: () =>
      list([
        { name: 'a', inputSchema: obj },
        { name: 'a', inputSchema: obj },
      ]).frames,
    nearMiss: () =>
      list([
        { name: 'a', inputSchema: obj },
        { name: 'A', inputSchema: obj },
      ]).frames,
  },
  {
    rule: 'tools.structured-content-missing',
    name: 'outputSchema but no structuredContent',
    trigger: () =>
      list([weather])
        .c(req(2, 'tools/call', { name: 'weather' }))
        .s(res(2, { content: [{ type: 'text', text: '20' }] })).frames,
    nearMiss: () =>
      list([weather])
        .c(req(2, 'tools/call', { name: 'weather' }))
        .s(res(2, { content: [{ type: 'text', text: 'down' }], isError: true })).frames,
  },
  {
    rule: 'tools.structured-content-invalid',
    name: "a $ref'd property of the wrong type",
    trigger: () => locate({ at: { lat: 'north' }, code: 'CDG' }),
    nearMiss: () => locate({ at: { lat: 49 }, code: 'CDG' }),
  },
  {
    rule: 'tools.structured-content-invalid',
    name: 'a string that breaks its pattern',
    trigger: () => locate({ at: { lat: 49 }, code: 'paris' }),
    nearMiss: () => locate({ at: { lat: 49 }, code: 'ORY' }),
  },
  {
    rule: 'tools.structured-content-invalid',
    name: 'temp is a string',
    trigger: () =>
      list([weather])
        .c(req(2, 'tools/call', { name: 'weather' }))
        .s(res(2, { content: [], structuredContent: { temp: 'warm' } })).frames,
    nearMiss: () =>
      list([weather])
        .c(req(2, 'tools/call', { name: 'weather' }))
        .s(res(2, { content: [], structuredContent: { temp: 20.5, extra: true } })).frames,
  },
  {
    rule: 'tools.unknown-tool-as-result',
    name: 'an unknown tool answered with isError',
    trigger: () =>
      list([{ name: 'a', inputSchema: obj }])
        .c(req(2, 'tools/call', { name: 'nope' }))
        .s(res(2, { content: [{ type: 'text', text: 'Tool nope not found' }], isError: true })).frames,
    nearMiss: () =>
      list([{ name: 'a', inputSchema: obj }])
        .c(req(2, 'tools/call', { name: 'nope' }))
        .s(err(2, -32602, 'Unknown tool: nope')).frames,
  },
];
