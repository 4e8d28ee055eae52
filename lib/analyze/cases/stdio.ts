import { script } from '../testing';
import { note, req, res, type RuleCase } from './types';

const hs = () => script().handshake({ server: { tools: {} } });
const pretty = JSON.stringify(res(1, { tools: [] }), null, 2).split('\n');

export const stdioCases: RuleCase[] = [
  {
    rule: 'stdio.non-json-line',
    name: 'a banner on stdout',
    trigger: () => script().s('Server started on stdio').handshake().frames,
    nearMiss: () => script().frame('s2c', 'stderr', 'Server started on stdio').handshake().frames,
  },
  {
    rule: 'stdio.non-json-line',
    name: 'an empty line',
    trigger: () => hs().s('').frames,
    nearMiss: () => hs().s(note('notifications/tools/list_changed')).frames,
  },
  {
    rule: 'stdio.multiline-json',
    name: 'a pretty-printed response',
    trigger: () => pretty.reduce((s, l) => s.s(l), hs().c(req(1, 'tools/list'))).frames,
    frames: [5, 6, 7, 8, 9, 10, 11],
    nearMiss: () =>
      hs()
        .c(req(1, 'tools/list'))
        .s(res(1, { tools: [] })).frames,
  },
  {
    rule: 'stdio.invalid-utf8',
    name: 'a line with invalid UTF-8',
    trigger: () =>
      hs().frame('s2c', 'message', JSON.stringify(note('notifications/message', { level: 'info', data: 'caf\uFFFD' })), {
        invalidUtf8: true,
        rawBase64: 'eyJ9',
      }).frames,
    nearMiss: () => hs().s(note('notifications/message', { level: 'info', data: 'caf\uFFFD' })).frames,
  },
  { rule: 'stdio.stderr', name: 'a stderr line', trigger: () => hs().frame('s2c', 'stderr', 'warming up').frames, nearMiss: () => hs().frames },
  {
    rule: 'stdio.exit',
    name: 'the server exits mid-session',
    trigger: () => hs().frame('local', 'lifecycle', 'exit', {}, { transport: 'stdio', event: 'exit', code: 1 }).frames,
    nearMiss: () =>
      hs()
        .frame('local', 'lifecycle', 'stdin-closed', {}, { transport: 'stdio', event: 'stdin-closed' })
        .frame('local', 'lifecycle', 'exit', {}, { transport: 'stdio', event: 'exit', code: 0 }).frames,
  },
  {
    rule: 'stdio.spawn-failed',
    name: 'the command does not exist',
    trigger: () =>
      script().frame(
        'local',
        'lifecycle',
        'cannot start',
        {},
        { transport: 'stdio', event: 'spawn-error', command: 'srv', args: [], error: 'cannot start "srv": command not found (ENOENT)' },
      ).frames,
    nearMiss: () =>
      script().frame('local', 'lifecycle', 'started srv', {}, { transport: 'stdio', event: 'spawn', pid: 42, command: 'srv', args: [] }).handshake().frames,
  },
  {
    rule: 'stdio.non-json-line',
    name: 'no stdio rules on HTTP frames',
    trigger: () => hs().s('log line').frames,
    nearMiss: () =>
      hs()
        .frame('s2c', 'message', JSON.stringify(note('notifications/tools/list_changed')), {}, { transport: 'http' })
        .frame('s2c', 'message', 'log line', {}, { transport: 'http' }).frames,
  },
];
