import { describe, expect, it } from 'vitest';
import { readTraceText } from '../trace/reader';
import { SequenceModel } from './sequence-model';
import { rowSummary } from './row-label';
import { DEFAULT_LAYOUT, laneTitle, laneXs, rowShape, SequenceLayout, spanX } from './sequence-layout';
import golden from '../../e2e/golden/apps-basic.v3.loupe.ndjson?raw';

const frames = readTraceText(golden).frames;

function model() {
  const m = new SequenceModel();
  m.push(frames);
  return m;
}

const seqOf = (channel: string | undefined, text: string) => frames.find((f) => f.channel === channel && f.raw.includes(text))!.seq;

describe('the sequence diagram with an MCP App', () => {
  it('gives the app a column left of its host, and calls the client the host', () => {
    const lanes = laneXs(900, ['app:1']);
    expect(lanes.apps).toEqual([{ channel: 'app:1', x: 150, title: 'App #1' }]);
    expect(lanes.client).toBeGreaterThan(150);
    expect(lanes.server - lanes.client).toBeGreaterThanOrEqual(lanes.client - 150);
    expect(laneTitle('client', lanes)).toBe('host');
    expect(laneTitle('client', laneXs(900))).toBe('client');
    expect(laneXs(900).client).toBe(150);
  });

  it("draws the bridge between the app and the host, and the app's events on its lifeline", () => {
    const m = model();
    const lanes = laneXs(900, m.session.appChannels);
    const app = lanes.apps[0].x;
    const init = m.row(seqOf('app:1', 'ui/initialize'))!;
    expect(init.channel).toBe('app:1');
    expect(rowShape(init, lanes)).toMatchObject({ type: 'arrow', x1: app, x2: lanes.client });
    const result = m.row(seqOf('app:1', 'ui/notifications/tool-result'))!;
    expect(rowShape(result, lanes)).toMatchObject({ type: 'arrow', x1: lanes.client, x2: app, head: 'open' });
    const mounted = m.rows.find((r) => r.channel === 'app:1' && r.lane === 'lifecycle')!;
    expect(mounted.label).toBe('mounted ui://get-time/mcp-app.html for get-time (the call at #7)');
    expect(rowShape(mounted, lanes)).toMatchObject({ type: 'mark', x1: app });
    // The session's own traffic keeps to host <-> server.
    const list = m.row(seqOf(undefined, '"tools/list"'))!;
    expect(rowShape(list, lanes)).toMatchObject({ x1: lanes.client, x2: lanes.server });
  });

  it("pairs the app's requests on its own channel: ui/initialize id 0 is not the session's initialize id 0", () => {
    const m = model();
    const appInit = m.row(seqOf('app:1', 'ui/initialize'))!;
    const sessionInit = m.row(seqOf(undefined, '"initialize"'))!;
    expect(m.row(appInit.pairSeq!)!.channel).toBe('app:1');
    expect(m.row(sessionInit.pairSeq!)!.channel).toBeUndefined();
    expect(m.row(appInit.pairSeq!)!.label).toBe('ui/initialize result');
  });

  it("links the app's forwarded tools/call to the host's request for it, and draws the link", () => {
    const m = model();
    const appCall = m.row(seqOf('app:1', '"tools/call"'))!;
    const hostCall = m.row(appCall.forward!)!;
    expect(hostCall.channel).toBeUndefined();
    expect(hostCall.label).toBe('tools/call #4');
    expect(hostCall.forward).toBe(appCall.seq);
    const layout = new SequenceLayout(m, DEFAULT_LAYOUT);
    const last = layout.length - 1;
    expect(layout.forwards(0, last)).toEqual([
      { appSeq: appCall.seq, sessionSeq: hostCall.seq, from: layout.positionOfSeq(appCall.seq), to: layout.positionOfSeq(hostCall.seq) },
    ]);
    // The app's call is answered by the host, its bar on the host's lifeline; the host's by the server.
    const lanes = laneXs(900, m.session.appChannels);
    const spans = layout.spans(0, last);
    expect(
      spanX(
        spans.find((s) => s.requestSeq === appCall.seq)!,
        lanes,
      ),
    ).toBe(lanes.client - 6);
    expect(
      spanX(
        spans.find((s) => s.requestSeq === hostCall.seq)!,
        lanes,
      ),
    ).toBe(lanes.server);
    const teardown = spans.find((s) => s.requestSeq === seqOf('app:1', 'ui/resource-teardown'))!;
    expect(spanX(teardown, lanes)).toBe(lanes.apps[0].x + 6);
  });
});

describe('the hover summary of an app row', () => {
  it('names the bridge it crossed and the forwarded call', () => {
    const m = model();
    const appCall = m.row(seqOf('app:1', '"tools/call"'))!;
    const text = rowSummary(appCall, undefined);
    expect(text).toContain("on App #1's bridge (app → host)");
    expect(text).toContain(`forwarded to the server as #${appCall.forward}`);
  });
});
