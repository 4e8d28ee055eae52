import { describe, expect, it } from 'vitest';
import { countUpdate, MAX_UPDATED_URIS } from './resource-updates';

describe('countUpdate', () => {
  it('counts updates per URI and keeps the newest seq', () => {
    let u = countUpdate({}, 'file:///a', 3);
    u = countUpdate(u, 'file:///a', 9);
    u = countUpdate(u, 'file:///b', 10);
    expect(u).toEqual({ 'file:///a': { count: 2, lastSeq: 9 }, 'file:///b': { count: 1, lastSeq: 10 } });
  });

  it('stays bounded when a server names a new URI in every notification: the one updated longest ago goes', () => {
    let u = {};
    for (let i = 0; i < MAX_UPDATED_URIS * 3; i++) u = countUpdate(u, `test://r/${i}`, i + 1);
    u = countUpdate(u, `test://r/${MAX_UPDATED_URIS * 2 + 1}`, 10_000);
    expect(Object.keys(u)).toHaveLength(MAX_UPDATED_URIS);
    expect(u).not.toHaveProperty(['test://r/0']);
    expect(u).toHaveProperty([`test://r/${MAX_UPDATED_URIS * 3 - 1}`]);
    expect(u).toHaveProperty([`test://r/${MAX_UPDATED_URIS * 2 + 1}`], { count: 2, lastSeq: 10_000 });
  });
});
