import { describe, expect, it } from 'vitest';
import { uriBreakParts } from './uri-breaks';

describe('uriBreakParts', () => {
  it('splits after the URI boundaries and keeps every character', () => {
    const uri = 'demo://resource/dynamic/text/7?lang=en&mode=full#top';
    expect(uriBreakParts(uri)).toEqual(['demo://', 'resource/', 'dynamic/', 'text/', '7?', 'lang=', 'en&', 'mode=', 'full#', 'top']);
    expect(uriBreakParts(uri).join('')).toBe(uri);
  });

  it('leaves a URI without boundaries, and the empty string, whole', () => {
    expect(uriBreakParts('plainword')).toEqual(['plainword']);
    expect(uriBreakParts('')).toEqual(['']);
    expect(uriBreakParts('a/').join('')).toBe('a/');
  });
});
