import { describe, expect, it } from 'vitest';
import { matchesSearch, searchItems, toolBadges } from './list-search';

const tools = [
  { name: 'echo', title: 'Echo Tool', description: 'Echoes back the input' },
  { name: 'get-sum', description: 'Returns the sum of two numbers' },
  { name: 'get-resource-links', title: 'Resource links' },
];

describe('list search', () => {
  it('matches name, title and description, case-insensitively', () => {
    expect(searchItems(tools, 'ECHO').map((t) => t.name)).toEqual(['echo']);
    expect(searchItems(tools, 'sum').map((t) => t.name)).toEqual(['get-sum']);
    expect(searchItems(tools, 'links').map((t) => t.name)).toEqual(['get-resource-links']);
  });

  it('needs every term, in any field', () => {
    expect(searchItems(tools, 'get numbers').map((t) => t.name)).toEqual(['get-sum']);
    expect(searchItems(tools, 'get nothing')).toEqual([]);
  });

  it('an empty query keeps everything; a URI is searched too', () => {
    expect(searchItems(tools, '  ')).toHaveLength(3);
    expect(matchesSearch({ name: 'r', uri: 'demo://resource/static/1' }, 'static/1')).toBe(true);
    expect(matchesSearch({ name: 5, title: null }, 'x')).toBe(false);
  });
});

describe('tool badges', () => {
  const names = (a: unknown) => toolBadges(a).map((b) => `${b.hint}${b.declared ? '' : '?'}`);

  it('a tool that says nothing gets the spec defaults, marked as not declared', () => {
    expect(names(undefined)).toEqual(['destructive?', 'open-world?']);
  });

  it('read-only hides destructive and idempotent, which mean nothing then', () => {
    expect(names({ readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false })).toEqual(['read-only']);
  });

  it('declared hints are badges as declared', () => {
    expect(names({ destructiveHint: false, idempotentHint: true, openWorldHint: true })).toEqual(['idempotent', 'open-world']);
    expect(names({ destructiveHint: true, openWorldHint: false })).toEqual(['destructive']);
  });

  it('ignores hints that are not booleans', () => {
    expect(names({ readOnlyHint: 'yes' })).toEqual(['destructive?', 'open-world?']);
  });
});
