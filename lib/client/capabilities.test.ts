import { describe, expect, it } from 'vitest';
import { hasChoice, withChoice } from './capabilities';

describe('client capability choices', () => {
  it('reads the defaults, where an empty elicitation object means form mode', () => {
    const caps = { roots: { listChanged: true }, sampling: {}, elicitation: {} };
    expect(hasChoice(caps, 'sampling')).toBe(true);
    expect(hasChoice(caps, 'elicitation.form')).toBe(true);
    expect(hasChoice(caps, 'elicitation.url')).toBe(false);
    expect(hasChoice(caps, 'roots.listChanged')).toBe(true);
    expect(hasChoice(caps, 'tasks')).toBe(false);
  });

  it('turns choices on and off and keeps hand-typed keys', () => {
    let caps: Record<string, unknown> = { experimental: { x: {} }, elicitation: {} };
    caps = withChoice(caps, 'elicitation.url', true);
    expect(caps.elicitation).toEqual({ form: {}, url: {} });
    caps = withChoice(caps, 'elicitation.form', false);
    expect(caps.elicitation).toEqual({ url: {} });
    caps = withChoice(caps, 'elicitation.url', false);
    expect(caps).toEqual({ experimental: { x: {} } });
    caps = withChoice(caps, 'roots.listChanged', true);
    expect(caps.roots).toEqual({ listChanged: true });
    caps = withChoice(caps, 'roots.listChanged', false);
    expect(caps.roots).toEqual({});
    expect(withChoice(caps, 'tasks', true).tasks).toEqual({ list: {}, cancel: {} });
  });

  it('declares sampling with tools, and task-augmented sampling and elicitation', () => {
    let caps: Record<string, unknown> = {};
    caps = withChoice(caps, 'sampling.tools', true);
    expect(caps.sampling).toEqual({ tools: {} });
    expect(hasChoice(caps, 'sampling')).toBe(true);
    caps = withChoice(caps, 'sampling.tools', false);
    expect(caps.sampling).toEqual({});
    caps = withChoice(caps, 'tasks.sampling', true);
    expect(caps.tasks).toEqual({ list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } });
    caps = withChoice(caps, 'tasks.elicitation', true);
    expect(hasChoice(caps, 'tasks.elicitation')).toBe(true);
    expect(hasChoice(caps, 'tasks.sampling')).toBe(true);
    caps = withChoice(caps, 'tasks.sampling', false);
    expect(caps.tasks).toEqual({ list: {}, cancel: {}, requests: { elicitation: { create: {} } } });
    caps = withChoice(caps, 'tasks.elicitation', false);
    expect(caps.tasks).toEqual({ list: {}, cancel: {} });
    expect(hasChoice(caps, 'tasks.sampling')).toBe(false);
  });
});
