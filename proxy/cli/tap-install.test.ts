import { describe, expect, it } from 'vitest';
import { npxCacheWarning } from './tap-install';

describe('loupe tap install run through npx', () => {
  it("warns that the host config would name a path in npx's cache, and says how to install instead", () => {
    expect(npxCacheWarning('/home/u/.npm/_npx/4f1c2a/node_modules/mcp-loupe/bin/loupe.mjs')).toMatch(/npx's cache .*npm install -g mcp-loupe/);
    expect(npxCacheWarning('C:\\Users\\u\\AppData\\Local\\npm-cache\\_npx\\4f1c\\node_modules\\mcp-loupe\\bin\\loupe.mjs')).toMatch(/npx's cache/);
  });

  it('says nothing for a global or project install, or a folder merely named like it', () => {
    expect(npxCacheWarning('/usr/lib/node_modules/mcp-loupe/bin/loupe.mjs')).toBeUndefined();
    expect(npxCacheWarning('/home/u/my_npx_tools/mcp-loupe/bin/loupe.mjs')).toBeUndefined();
  });
});
