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
});
