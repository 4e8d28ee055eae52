import { describe, expect, it } from 'vitest';
import { parseOtlpEndpoint } from './otlp-endpoint';

describe('an OTLP/HTTP receiver address', () => {
  it('is a base address: each signal is posted to its own path under it', () => {
    expect(parseOtlpEndpoint('http://127.0.0.1:4318')).toEqual({
      base: 'http://127.0.0.1:4318',
      traces: 'http://127.0.0.1:4318/v1/traces',
      metrics: 'http://127.0.0.1:4318/v1/metrics',
    });
    expect(parseOtlpEndpoint('https://otlp.example/prefix/')).toMatchObject({ traces: 'https://otlp.example/prefix/v1/traces' });
    // A signal's own path, given by mistake, still names its base.
    expect(parseOtlpEndpoint('http://collector:4318/v1/traces')).toMatchObject({ base: 'http://collector:4318', metrics: 'http://collector:4318/v1/metrics' });
  });

  it('says what is wrong with anything else', () => {
    expect(parseOtlpEndpoint('localhost:4318')).toBe("the receiver's address needs its scheme: http://localhost:4318");
    expect(parseOtlpEndpoint('not a url')).toBe(`"not a url" is not a URL: give the OTLP/HTTP receiver's base address, e.g. http://127.0.0.1:4318`);
    expect(parseOtlpEndpoint('grpc://127.0.0.1:4317')).toBe('the receiver must be reached by http or https (OTLP over HTTP), not grpc://');
    expect(parseOtlpEndpoint('http://h:4318/?k=v')).toMatch(/without a query or fragment/);
  });
});
