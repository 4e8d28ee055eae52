import { describe, expect, it } from 'vitest';
import { emptyUrlElicitations, trackUrlElicitations, urlElicitationStatus } from './url-elicitations';

type Msg = [dir: 's2c' | 'c2s', json: unknown];

function frames(msgs: Msg[]) {
  return {
    frames: msgs.map(([dir], i) => ({ seq: i + 1, dir, lane: 'message' })),
    classified: (i: number) => ({ kind: Array.isArray(msgs[i][1]) ? 'batch' : 'message', json: msgs[i][1] }),
  };
}

const ask = (id: number, elicitationId: string): Msg => [
  's2c',
  { jsonrpc: '2.0', id, method: 'elicitation/create', params: { mode: 'url', elicitationId, url: `https://example.com/${elicitationId}`, message: 'Connect' } },
];
const answer = (id: number, result: unknown): Msg => ['c2s', { jsonrpc: '2.0', id, result }];
const complete = (elicitationId: string): Msg => ['s2c', { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId } }];

describe('URL elicitations followed through the frames', () => {
  it('marks an accepted elicitation completed when the server says so', () => {
    const { frames: f, classified } = frames([ask(1, 'e1'), answer(1, { action: 'accept' }), complete('e1')]);
    const s = trackUrlElicitations(emptyUrlElicitations, f, classified);
    expect(s.items).toEqual([{ elicitationId: 'e1', url: 'https://example.com/e1', message: 'Connect', requestSeq: 1, action: 'accept', completedSeq: 3 }]);
    expect(urlElicitationStatus(s.items[0])).toBe('completed by the server (#3)');
    expect(s.notices).toEqual([]);
  });

  it('is the same read at once or frame by frame', () => {
    const msgs = [ask(1, 'e1'), answer(1, { action: 'accept' }), complete('e1')];
    const whole = trackUrlElicitations(emptyUrlElicitations, frames(msgs).frames, frames(msgs).classified);
    let step = emptyUrlElicitations;
    for (let n = 1; n <= msgs.length; n++) {
      const { frames: f, classified } = frames(msgs.slice(0, n));
      step = trackUrlElicitations(step, f, classified);
      if (n === 2) expect(urlElicitationStatus(step.items[0])).toBe('accepted: waiting for the server to report completion');
    }
    expect(step).toEqual(whole);
  });

  it('turns unknown and repeated completions into notices, and reads batches', () => {
    const { frames: f, classified } = frames([
      ask(7, 'e1'),
      answer(7, { action: 'decline' }),
      ['s2c', [complete('e1')[1], complete('nobody')[1]]],
      complete('e1'),
    ]);
    const s = trackUrlElicitations(emptyUrlElicitations, f, classified);
    expect(urlElicitationStatus(s.items[0])).toBe('decline, then completed by the server (#3)');
    expect(s.notices.map((n) => [n.seq, n.elicitationId])).toEqual([
      [3, 'nobody'],
      [4, 'e1'],
    ]);
    expect(s.notices[0].text).toMatch(/no URL elicitation of this session used: a client ignores it/);
    expect(s.notices[1].text).toMatch(/already completed \(#3\)/);
  });

  it('ignores form elicitations, other answers and a string id that looks like a number', () => {
    const form: Msg = ['s2c', { jsonrpc: '2.0', id: 2, method: 'elicitation/create', params: { message: 'form', requestedSchema: {} } }];
    const { frames: f, classified } = frames([form, ask(1, 'e1'), answer(2, { action: 'accept' }), answer('1' as unknown as number, { action: 'accept' })]);
    const s = trackUrlElicitations(emptyUrlElicitations, f, classified);
    expect(s.items).toHaveLength(1);
    expect(s.items[0].action).toBeUndefined();
    expect(urlElicitationStatus(s.items[0])).toBe('waiting for your answer');
  });
});
