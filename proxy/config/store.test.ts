import { mkdtemp, readFile, writeFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MASKED_VALUE, type Connection } from '../../lib/wire/connection';
import { BUILTIN_CONNECTION_ID } from './builtin';
import { ConnectionStore } from './store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'loupe-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const withSecret: Connection = {
  id: 'weather',
  name: 'Weather',
  transport: 'stdio',
  command: 'node',
  args: ['weather.js', '--verbose'],
  env: { API_KEY: 'sk-live-123', REGION: 'eu' },
  cwd: '/srv/weather',
};

describe('ConnectionStore', () => {
  it('offers the built-in server-everything connection on a fresh install', async () => {
    const store = await ConnectionStore.open(dir);
    const [builtin] = store.list();
    expect(builtin.id).toBe(BUILTIN_CONNECTION_ID);
    expect(builtin.builtin).toBe(true);
    if (builtin.transport !== 'stdio') throw new Error('built-in must be stdio');
    expect(builtin.command).toBe(process.execPath);
    expect(path.isAbsolute(builtin.args[0])).toBe(true);
    expect(existsSync(builtin.args[0])).toBe(true);
    expect(builtin.args[1]).toBe('stdio');
  });

  it('refuses to delete or change the built-in connection', async () => {
    const store = await ConnectionStore.open(dir);
    await expect(store.remove(BUILTIN_CONNECTION_ID)).rejects.toThrow(/built in and cannot be deleted/);
    await expect(store.save({ ...store.list()[0], name: 'x' })).rejects.toThrow(/built in/);
  });

  it('round-trips a connection across restarts, masks secrets for the page, keeps them on a masked save', async () => {
    const store = await ConnectionStore.open(dir);
    await store.save(withSecret);
    const reopened = await ConnectionStore.open(dir);
    expect(reopened.get('weather')).toEqual(withSecret);

    const masked = reopened.listMasked().find((c) => c.id === 'weather');
    if (masked?.transport !== 'stdio') throw new Error('expected stdio');
    expect(masked.env).toEqual({ API_KEY: MASKED_VALUE, REGION: 'eu' });
    expect(JSON.stringify(reopened.listMasked())).not.toContain('sk-live-123');

    await reopened.save({ ...masked, name: 'Weather (EU)', env: { ...masked.env, REGION: 'us' } });
    const again = await ConnectionStore.open(dir);
    expect(again.get('weather')).toMatchObject({ name: 'Weather (EU)', env: { API_KEY: 'sk-live-123', REGION: 'us' } });
  });

  it('masks every header value of an HTTP connection', async () => {
    const store = await ConnectionStore.open(dir);
    await store.save({
      id: 'remote',
      name: 'Remote',
      transport: 'http',
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer abc', 'X-Team': 'blue' },
      mode: 'auto',
    });
    const masked = store.listMasked().find((c) => c.id === 'remote');
    expect(masked).toMatchObject({ headers: { Authorization: MASKED_VALUE, 'X-Team': MASKED_VALUE } });
  });

  it('refuses a masked value that has nothing stored behind it', async () => {
    const store = await ConnectionStore.open(dir);
    await expect(store.save({ ...withSecret, id: 'new', env: { API_KEY: MASKED_VALUE } })).rejects.toThrow(/"API_KEY" was sent masked/);
  });

  it('writes atomically and leaves no temporary file behind', async () => {
    const store = await ConnectionStore.open(dir);
    await Promise.all([store.save(withSecret), store.save({ ...withSecret, id: 'second' })]);
    const files = (await import('node:fs')).readdirSync(dir);
    expect(files).toEqual(['connections.json']);
    expect(JSON.parse(await readFile(store.file, 'utf8')).connections.map((c: Connection) => c.id)).toEqual(['weather', 'second']);
  });

  it('keeps the Connect options of the built-in connection, and only those', async () => {
    const store = await ConnectionStore.open(dir);
    const builtin = store.list()[0];
    const options = { protocolVersion: '2025-06-18', clientCapabilities: { roots: {} } };
    await store.save({ ...builtin, options });
    const reopened = await ConnectionStore.open(dir);
    expect(reopened.list()[0]).toMatchObject({ id: BUILTIN_CONNECTION_ID, builtin: true, options });
    await expect(reopened.save({ ...builtin, name: 'mine', options })).rejects.toThrow(/only its Connect options and pinned requests/);
    await reopened.save({ ...builtin, options: undefined });
    expect((await ConnectionStore.open(dir)).list()[0].options).toBeUndefined();
  });

  it('keeps the pinned requests of the built-in connection across restarts, beside its options', async () => {
    const store = await ConnectionStore.open(dir);
    const builtin = store.list()[0];
    const pinned = [{ id: 'p1', kind: 'request' as const, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }];
    const options = { protocolVersion: '2025-06-18' };
    await store.save({ ...builtin, options, pinned });
    expect((await ConnectionStore.open(dir)).list()[0]).toMatchObject({ options, pinned });
    await store.save({ ...builtin, options, pinned: [] });
    const reopened = (await ConnectionStore.open(dir)).list()[0];
    expect(reopened.pinned).toBeUndefined();
    expect(reopened.options).toEqual(options);
  });

  it('clones a connection with its secrets under a new id and name; the built-in one into an ordinary copy', async () => {
    const store = await ConnectionStore.open(dir);
    await store.save(withSecret);
    const copy = await store.clone('weather');
    expect(copy).toMatchObject({ name: 'Weather (copy)', env: { API_KEY: 'sk-live-123' } });
    expect(copy.id).not.toBe('weather');
    expect((await store.clone('weather')).name).toBe('Weather (copy 2)');
    const builtinCopy = await store.clone(BUILTIN_CONNECTION_ID);
    expect(builtinCopy.builtin).toBeUndefined();
    expect((await ConnectionStore.open(dir)).get(builtinCopy.id)).toMatchObject({ name: 'server-everything (reference server) (copy)' });
    await expect(store.clone('nope')).rejects.toThrow(/no saved connection/);
  });

  it('undoes a delete at the old place, secrets included; only what was deleted while it ran', async () => {
    const store = await ConnectionStore.open(dir);
    await store.save(withSecret);
    await store.save({ ...withSecret, id: 'second', name: 'Second' });
    await store.remove('weather');
    await store.restore('weather');
    const reopened = await ConnectionStore.open(dir);
    expect(reopened.list().map((c) => c.id)).toEqual([BUILTIN_CONNECTION_ID, 'weather', 'second']);
    expect(reopened.get('weather')).toMatchObject({ env: { API_KEY: 'sk-live-123' } });
    await expect(store.restore('weather')).rejects.toThrow(/nothing to undo/);
  });

  it('deletes a saved connection', async () => {
    const store = await ConnectionStore.open(dir);
    await store.save(withSecret);
    await store.remove('weather');
    expect((await ConnectionStore.open(dir)).list().map((c) => c.id)).toEqual([BUILTIN_CONNECTION_ID]);
  });

  it('refuses a corrupt file with an error naming it, and never overwrites it', async () => {
    const file = path.join(dir, 'connections.json');
    await writeFile(file, '{"version": 1, "connections": [');
    const store = await ConnectionStore.open(dir);
    expect(store.loadError).toContain(file);
    expect(store.loadError).toMatch(/not valid JSON.*Loupe has not changed it/);
    expect(store.list().map((c) => c.id)).toEqual([BUILTIN_CONNECTION_ID]);
    await expect(store.save(withSecret)).rejects.toThrow(file);
    expect(await readFile(file, 'utf8')).toBe('{"version": 1, "connections": [');
  });

  it('names the bad entry of a file that parses but does not validate', async () => {
    await writeFile(path.join(dir, 'connections.json'), JSON.stringify({ version: 1, connections: [{ id: 'x', transport: 'stdio' }] }));
    const store = await ConnectionStore.open(dir);
    expect(store.loadError).toMatch(/at connections\.0\./);
  });

  it('imports mcpServers entries and saves them', async () => {
    const store = await ConnectionStore.open(dir);
    const result = await store.importMcpServers(JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['-y', 'fs-server'], env: { TOKEN: 't' } } } }));
    expect(result.errors).toEqual([]);
    expect((await ConnectionStore.open(dir)).get('imported-files')).toMatchObject({ command: 'npx', args: ['-y', 'fs-server'], env: { TOKEN: 't' } });
  });
});
