import { describe, expect, it } from 'vitest';
import { draftToConnection, emptyDraft } from './draft';

describe('draftToConnection', () => {
  it('keeps arguments as separate strings, spaces and quotes included', () => {
    const r = draftToConnection({ ...emptyDraft, name: 'My Server', command: 'node', args: ['server.mjs', '--name', 'a b "c"'] }, () => 'x1');
    expect(r).toEqual({
      ok: true,
      connection: { id: 'my-server-x1', name: 'My Server', transport: 'stdio', command: 'node', args: ['server.mjs', '--name', 'a b "c"'], env: {} },
    });
  });

  it('collects env rows, skipping blank ones, and refuses a repeated name', () => {
    const ok = draftToConnection({
      ...emptyDraft,
      name: 'n',
      command: 'c',
      env: [
        { name: 'API_KEY', value: 's' },
        { name: '', value: '' },
      ],
      cwd: '/tmp',
    });
    expect(ok).toMatchObject({ ok: true, connection: { env: { API_KEY: 's' }, cwd: '/tmp' } });
    const dup = draftToConnection({
      ...emptyDraft,
      name: 'n',
      command: 'c',
      env: [
        { name: 'A', value: '1' },
        { name: 'A', value: '2' },
      ],
    });
    expect(dup).toEqual({ ok: false, error: 'The environment variable A is set twice.' });
  });

  it('asks for a name and a command', () => {
    expect(draftToConnection(emptyDraft)).toMatchObject({ ok: false, error: expect.stringMatching(/name/) });
    expect(draftToConnection({ ...emptyDraft, name: 'x' })).toMatchObject({ ok: false, error: expect.stringMatching(/command/) });
  });
});
