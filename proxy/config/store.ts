/**
 * The saved connections, in `<config dir>/connections.json`. The built-in connection is never
 * written there: it is computed at each launch, always listed first and cannot be deleted.
 * A file that does not read back cleanly is left exactly as it is: Loupe then runs with the
 * built-in connection only and refuses every save with the same error, so nothing is lost.
 */
import { mkdir, readFile, rename, writeFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import {
  ConnectionSchema,
  ConnectOptionsSchema,
  PinnedRequestSchema,
  type Connection,
  type ConnectOptions,
  type PinnedRequest,
} from '../../lib/wire/connection';
import { builtinConnection } from './builtin';
import { parseMcpServers, type ImportResult } from './import-mcp-servers';
import { maskConnection, unmaskConnection } from './mask';
import { connectionsFile } from './paths';

/** `builtinOptions`, `builtinPinned`: the Connect options and pinned requests of the built-in
 *  connection, the parts of it a person may change. */
const FileSchema = z.object({
  version: z.literal(1),
  connections: z.array(ConnectionSchema),
  builtinOptions: ConnectOptionsSchema.optional(),
  builtinPinned: z.array(PinnedRequestSchema).optional(),
});
type BuiltinPrefs = { options: ConnectOptions | undefined; pinned: PinnedRequest[] | undefined };
type FileContents = z.infer<typeof FileSchema>;

export class ConfigError extends Error {}

function upsert(list: Connection[], c: Connection): Connection[] {
  return list.some((u) => u.id === c.id) ? list.map((u) => (u.id === c.id ? c : u)) : [...list, c];
}

async function readConnections(file: string): Promise<FileContents> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, connections: [] };
    throw new ConfigError(`cannot read ${file}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${file} is not valid JSON (${(e as Error).message}). Fix it or move it away; Loupe has not changed it.`);
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `${file} is not a Loupe connections file: at ${issue.path.join('.') || 'the top'}: ${issue.message}. Fix it or move it away; Loupe has not changed it.`,
    );
  }
  return parsed.data;
}

export class ConnectionStore {
  private writing: Promise<void> = Promise.resolve();
  /** Connections deleted while Loupe runs, for Undo: memory only, gone at exit. */
  private readonly removed = new Map<string, { connection: Connection; at: number }>();

  private constructor(
    readonly file: string,
    private readonly builtin: Connection,
    private user: Connection[],
    private builtinPrefs: BuiltinPrefs,
    /** Set when the file exists but could not be read back: every write is refused with it. */
    readonly loadError?: string,
  ) {}

  static async open(configDir: string): Promise<ConnectionStore> {
    const file = connectionsFile(configDir);
    try {
      const contents = await readConnections(file);
      return new ConnectionStore(file, builtinConnection(), contents.connections, { options: contents.builtinOptions, pinned: contents.builtinPinned });
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      return new ConnectionStore(file, builtinConnection(), [], { options: undefined, pinned: undefined }, e.message);
    }
  }

  list(): Connection[] {
    const { options, pinned } = this.builtinPrefs;
    return [{ ...this.builtin, ...(options ? { options } : {}), ...(pinned?.length ? { pinned } : {}) }, ...this.user];
  }

  /** What the page may see: secrets replaced by MASKED_VALUE. */
  listMasked(): Connection[] {
    return this.list().map(maskConnection);
  }

  get(id: string): Connection | undefined {
    return this.list().find((c) => c.id === id);
  }

  /** Resolves once every change asked for so far is written and in effect: a Connect right after
   *  an edit of its options (two messages of one page, handled side by side) uses the edit. */
  settled(): Promise<void> {
    return this.writing;
  }

  /** Adds or replaces a connection by id; masked values sent back keep the stored ones. */
  async save(incoming: Connection): Promise<Connection> {
    this.refuseIfBroken();
    if (incoming.id === this.builtin.id) return this.saveBuiltin(incoming);
    const { builtin: _ignored, ...rest } = incoming;
    let saved!: Connection;
    await this.commit((user) => {
      saved = ConnectionSchema.parse(
        unmaskConnection(
          rest as Connection,
          user.find((c) => c.id === incoming.id),
        ),
      );
      return upsert(user, saved);
    });
    return saved;
  }

  /** Only the Connect options and pinned requests of the built-in connection are kept; any other change is refused. */
  private async saveBuiltin(incoming: Connection): Promise<Connection> {
    const { options, pinned, builtin: _b, ...target } = incoming;
    const { builtin: _b2, options: _o, pinned: _p, ...stored } = this.builtin;
    if (JSON.stringify(maskConnection(target as Connection)) !== JSON.stringify(maskConnection(stored as Connection))) {
      throw new ConfigError(`"${this.builtin.name}" is built in: only its Connect options and pinned requests can be changed. Clone it to change the rest`);
    }
    await this.commit((user) => user, {
      options: options ? ConnectOptionsSchema.parse(options) : undefined,
      pinned: pinned?.length ? z.array(PinnedRequestSchema).parse(pinned) : undefined,
    });
    return this.list()[0];
  }

  async remove(id: string): Promise<void> {
    this.refuseIfBroken();
    if (id === this.builtin.id) throw new ConfigError(`"${this.builtin.name}" is built in and cannot be deleted`);
    await this.commit((user) => {
      const gone = user.find((c) => c.id === id);
      if (!gone) throw new ConfigError(`no saved connection has the id "${id}"`);
      this.removed.set(id, { connection: gone, at: user.indexOf(gone) });
      return user.filter((c) => c.id !== id);
    });
  }

  /** Undo of a delete, secrets included (the page only ever had them masked), at its old place. */
  async restore(id: string): Promise<Connection> {
    this.refuseIfBroken();
    const gone = this.removed.get(id);
    if (!gone) throw new ConfigError(`"${id}" was not deleted while Loupe ran, so there is nothing to undo`);
    await this.commit((user) => {
      if (user.some((c) => c.id === id)) throw new ConfigError(`a connection with the id "${id}" exists again: nothing to undo`);
      return [...user.slice(0, gone.at), gone.connection, ...user.slice(gone.at)];
    });
    this.removed.delete(id);
    return gone.connection;
  }

  /** A copy under a new id and name, secrets included; the built-in connection's copy is an ordinary one. */
  async clone(id: string): Promise<Connection> {
    this.refuseIfBroken();
    const source = this.get(id);
    if (!source) throw new ConfigError(`no saved connection has the id "${id}"`);
    const { builtin: _b, ...rest } = source;
    const names = new Set(this.list().map((c) => c.name));
    let name = `${source.name} (copy)`;
    for (let n = 2; names.has(name); n++) name = `${source.name} (copy ${n})`;
    const copy = ConnectionSchema.parse({ ...rest, id: `${source.id.replace(/-copy-[0-9a-f]+$/, '')}-copy-${randomBytes(3).toString('hex')}`, name });
    await this.commit((user) => [...user, copy]);
    return copy;
  }

  /** Saves every entry that reads cleanly; the others come back as errors naming them. */
  async importMcpServers(text: string): Promise<ImportResult> {
    this.refuseIfBroken();
    const result = parseMcpServers(text);
    if (result.connections.length > 0) await this.commit((user) => result.connections.reduce(upsert, user));
    return result;
  }

  private refuseIfBroken(): void {
    if (this.loadError) throw new ConfigError(this.loadError);
  }

  /**
   * Writes are serialised, and each change is computed from the list as the previous write left
   * it (two saves at once both land). Atomic: temporary file, then rename, so a crash never
   * leaves half a file.
   */
  private commit(change: (user: Connection[]) => Connection[], builtin?: BuiltinPrefs): Promise<void> {
    const run = this.writing.then(async () => {
      const next = change(this.user);
      const prefs = builtin ?? this.builtinPrefs;
      const contents: FileContents = {
        version: 1,
        connections: next,
        ...(prefs.options ? { builtinOptions: prefs.options } : {}),
        ...(prefs.pinned ? { builtinPinned: prefs.pinned } : {}),
      };
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      const tmp = `${this.file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        // 0o600: env values and headers may hold secrets.
        await writeFile(tmp, JSON.stringify(contents, null, 2) + '\n', { mode: 0o600 });
        await rename(tmp, this.file);
      } catch (e) {
        await rm(tmp, { force: true });
        throw new ConfigError(`cannot write ${this.file}: ${(e as Error).message}`);
      }
      this.user = next;
      this.builtinPrefs = prefs;
    });
    this.writing = run.catch(() => undefined);
    return run;
  }
}
