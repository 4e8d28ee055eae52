import { describe, expect, it } from 'vitest';
import { base64Bytes, blockView, hexPreview, resourceView } from './content';

describe('blockView', () => {
  it('shows images only as data: URLs of raster types', () => {
    expect(blockView({ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' })).toMatchObject({
      kind: 'image',
      src: 'data:image/png;base64,iVBORw0KGgo=',
      bytes: 8,
    });
    expect(blockView({ type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' })).toMatchObject({ problem: expect.stringContaining('not shown') });
    expect(blockView({ type: 'image', mimeType: 'image/png', data: 'not base64!' })).toMatchObject({ problem: '`data` is not base64' });
    expect(blockView({ type: 'audio', data: 'AAAA' })).toMatchObject({ problem: expect.stringContaining('mimeType') });
  });

  it('reads text, links, embedded resources and unknown blocks', () => {
    expect(blockView({ type: 'text', text: '<b>hi</b>' })).toEqual({ kind: 'text', text: '<b>hi</b>' });
    expect(blockView({ type: 'resource_link', uri: 'demo://x', name: 'x' })).toMatchObject({ kind: 'resource-link', uri: 'demo://x', name: 'x' });
    expect(blockView({ type: 'resource', resource: { uri: 'demo://t', text: 'héllo', mimeType: 'text/plain' } })).toMatchObject({
      kind: 'resource',
      text: 'héllo',
      bytes: 6,
    });
    expect(blockView({ type: 'widget' })).toMatchObject({ kind: 'unknown', type: 'widget' });
  });

  it('reads the tool_use and tool_result blocks of sampling with tools', () => {
    expect(blockView({ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } })).toEqual({
      kind: 'tool-use',
      id: 'call_1',
      name: 'get_weather',
      input: '{\n  "city": "Paris"\n}',
    });
    expect(
      blockView({ type: 'tool_result', toolUseId: 'call_1', content: [{ type: 'text', text: '18°C' }], isError: true, structuredContent: { c: 18 } }),
    ).toEqual({
      kind: 'tool-result',
      toolUseId: 'call_1',
      isError: true,
      content: [{ kind: 'text', text: '18°C' }],
      structured: '{\n  "c": 18\n}',
    });
  });

  it('sizes and previews binary resources', () => {
    expect(resourceView({ uri: 'a', blob: 'AAEC', mimeType: 'application/octet-stream' })).toMatchObject({ bytes: 3 });
    expect(resourceView({ uri: 'a', blob: 'AAEC', mimeType: 'application/octet-stream' }).blobSrc).toBeUndefined();
    expect(base64Bytes('AA==')).toBe(1);
    expect(hexPreview('AAEC')).toBe('00 01 02');
  });
});
