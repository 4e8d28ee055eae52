import { describe, expect, it } from 'vitest';
import { discovered, withMeta } from '../analyze/cases/modern';
import { err, req } from '../analyze/cases/types';
import { script } from '../analyze/testing';
import { SessionModel, modelOf } from '../model/session-model';
import { FrameScript } from './frames.fixture';
import { headerFacts } from './session-header';

/** A live model as the page holds one: frames appended as they arrive, analysed at once. */
function liveModel(frames: FrameScript['frames']): SessionModel {
  const model = new SessionModel({ source: 'live' });
  model.append(frames);
  model.advance();
  return model;
}

describe('the session header', () => {
  it("shows a tap's version, server and capabilities from its frames (its summary has none of them)", () => {
    // A tap records a host's own session: no client of Loupe's fills the summary's handshake in.
    const facts = headerFacts(liveModel(new FrameScript().handshake({ roots: {} }, { tools: {} }, '2025-06-18').frames));
    expect(facts).toMatchObject({
      version: '2025-06-18',
      server: 'srv 2',
      clientCapabilities: { roots: {} },
      instructions: 'be nice',
      era: 'legacy',
      fellBack: false,
    });
    expect(facts.askedVersion).toBeUndefined();
    expect(facts.askedEra).toBeUndefined();
  });

  it('shows the version asked for when the server selected another', () => {
    const s = new FrameScript();
    s.request('c2s', 0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
    s.result('s2c', 0, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'old' } });
    expect(headerFacts(modelOf(s.frames))).toMatchObject({ version: '2025-06-18', askedVersion: '2025-11-25', server: 'old' });
  });

  it('knows nothing before the frames are there, but the era the connection asked for', () => {
    expect(headerFacts(undefined, 'modern')).toEqual({ askedEra: 'modern', fellBack: false });
    expect(headerFacts(new SessionModel()).version).toBeUndefined();
  });

  it('shows what server/discover said in a modern session, with its caching hints', () => {
    const model = modelOf(discovered({ tools: {}, extensions: { x: {} } }).c(req(2, 'tools/list', withMeta())).frames);
    expect(headerFacts(model, 'modern')).toMatchObject({
      version: '2026-07-28',
      era: 'modern',
      discovered: { tools: {}, extensions: { x: {} } },
      supportedVersions: ['2026-07-28'],
      ttlMs: 60000,
      cacheScope: 'public',
    });
    expect(headerFacts(model, 'modern').askedEra).toBeUndefined();
    expect(headerFacts(model, 'auto')).toMatchObject({ askedEra: 'auto', fellBack: false });
  });

  it('says when an auto connection fell back to initialize', () => {
    const frames = script()
      .c(req(1, 'server/discover', withMeta()))
      .s(err(1))
      .c(req(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } })).frames;
    expect(headerFacts(modelOf(frames), 'auto')).toMatchObject({ era: 'legacy', askedEra: 'auto', fellBack: true });
    expect(headerFacts(modelOf(frames), 'auto').discovered).toBeUndefined();
  });

  it('gives the same values twice while nothing changed, so a shallow comparison spares a redraw', () => {
    const model = modelOf(discovered().frames);
    const a = headerFacts(model, 'modern');
    const b = headerFacts(model, 'modern');
    for (const k of Object.keys(a) as (keyof typeof a)[]) expect(Object.is(a[k], b[k]), k).toBe(true);
  });
});
