import { describe, expect, it } from 'vitest';
import { discovered, ok, withMeta } from '../analyze/cases/modern';
import { err, note, req } from '../analyze/cases/types';
import { sequenceToSvg } from '../render/sequence-svg';
import { listenLaneLabel, listenLanes } from './listen-lanes';
import { SequenceLayout } from './sequence-layout';
import { SequenceModel } from './sequence-model';

const tagged = (id: number, params: object = {}) => ({ ...params, _meta: { 'io.modelcontextprotocol/subscriptionId': id } });
const listen = (id: number) => req(id, 'subscriptions/listen', withMeta({ notifications: { resourceSubscriptions: ['file:///a'] } }));
const ack = (id: number) => note('notifications/subscriptions/acknowledged', tagged(id, { notifications: { resourceSubscriptions: ['file:///a'] } }));
const updated = (id: number) => note('notifications/resources/updated', tagged(id, { uri: 'file:///a' }));

/** 1-2 discover; 3 listen 7, 4 ack, 5 update; 6 listen 8, 7 ack; 8 cancel of 7; 9 update on 8; 10 listen 9 (never acknowledged). */
const trace = () =>
  discovered()
    .c(listen(7))
    .s(ack(7))
    .s(updated(7))
    .c(listen(8))
    .s(ack(8))
    .c(note('notifications/cancelled', { requestId: 7, reason: 'stopped' }))
    .s(updated(8))
    .c(listen(9));

function diagram(frames = trace().frames): SequenceLayout {
  const model = new SequenceModel();
  model.push(frames);
  return new SequenceLayout(model);
}

describe('listen lanes in the sequence diagram', () => {
  it('draws each listen stream as a lane from its acknowledgement to its end, its notifications on it', () => {
    const layout = diagram();
    const lanes = listenLanes(layout.model.session);
    expect(lanes.map((l) => [l.requestSeq, l.startSeq, l.endSeq, l.state, l.notifications])).toEqual([
      [3, 4, 8, 'ended by cancel', [5]],
      [6, 7, undefined, 'listening', [9]],
      [10, 10, undefined, 'awaiting acknowledgement', []],
    ]);
    expect(listenLaneLabel(lanes[1])).toBe('Listen stream #6 (id 8): listening, 1 notification');
  });

  it('places the lanes in the window: open ones run to its edge, streams open together get their own column', () => {
    const layout = diagram();
    const placed = layout.listenLanes(0, layout.length - 1);
    const pos = (seq: number) => layout.positionOfSeq(seq);
    expect(placed.map((p) => [p.lane.requestSeq, p.from, p.to, p.marks, p.lane.column])).toEqual([
      [3, pos(4), pos(8), [pos(5)], 0],
      [6, pos(7), -1, [pos(9)], 1],
      [10, pos(10), -1, [], 0],
    ]);
    // A window after the first lane ended shows only the streams still crossing it.
    expect(layout.listenLanes(pos(9), pos(10)).map((p) => p.lane.requestSeq)).toEqual([6, 10]);
  });

  it('draws the listen request as its lane, not as an unanswered activation bar', () => {
    const layout = diagram();
    expect(layout.spans(0, layout.length - 1).map((s) => s.requestSeq)).not.toContain(3);
    expect(layout.spans(0, layout.length - 1).map((s) => s.requestSeq)).toContain(1);
  });

  it("ends a lane at the stream's response: closed, or ended by an error", () => {
    const closed = listenLanes(diagram(discovered().c(listen(7)).s(ack(7)).s(ok(7)).frames).model.session);
    expect(closed.map((l) => [l.endSeq, l.state])).toEqual([[5, 'stream closed']]);
    const failed = listenLanes(
      diagram(
        discovered()
          .c(listen(7))
          .s(err(7, -32602, 'bad filter')).frames,
      ).model.session,
    );
    expect(failed.map((l) => [l.startSeq, l.endSeq, l.state])).toEqual([[3, 4, 'ended by error']]);
  });

  it('draws the lanes in the SVG export too, with their state', () => {
    const layout = diagram();
    const svg = sequenceToSvg(layout, 0, layout.length - 1, { width: 900 });
    expect(svg).toContain('listen #3 · ended by cancel');
    expect(svg).toContain('listen #6 · listening');
    expect(svg.match(/<circle /g)).toHaveLength(2);
  });
});
