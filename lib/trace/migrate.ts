/**
 * The migration chain. Each step turns the lines of version N into lines of version N+1, one line
 * at a time, so an old file migrates while it streams in. A step may remember what earlier lines
 * said (v1 -> v2 carries an exchange's stream to its later frames), so steps are made per read.
 */
import { TRACE_FORMAT, TRACE_VERSION, TraceError } from './format';

type Json = Record<string, unknown>;

interface Migration {
  from: number;
  header(h: Json): Json;
  frame(f: Json): Json;
}

const encoder = new TextEncoder();

/**
 * Version 0, the pre-release shape: `timestamp` in milliseconds, `direction` seen from Loupe's
 * client ('out' = sent to the server, 'in' = received), `channel` for the lane, `data` for the raw
 * text, no byte size; the header had `createdAt` in epoch ms and `server` for the target.
 */
const v0to1: Migration = {
  from: 0,
  header(h) {
    const server = (h.server ?? {}) as Json;
    const transport = server.url !== undefined ? 'http' : 'stdio';
    const target: Json = { transport, name: typeof server.name === 'string' ? server.name : String(server.command ?? server.url ?? 'unknown') };
    for (const k of ['command', 'args', 'url']) if (server[k] !== undefined) target[k] = server[k];
    const out: Json = {
      format: TRACE_FORMAT,
      version: 1,
      loupeVersion: typeof h.loupeVersion === 'string' ? h.loupeVersion : '0.0.0',
      createdAt: new Date(typeof h.createdAt === 'number' ? h.createdAt : 0).toISOString(),
      target,
      source: 'live',
    };
    if (typeof h.protocolVersion === 'string') out.negotiatedVersion = h.protocolVersion;
    return out;
  },
  frame(f) {
    const { timestamp, direction, channel, data, ...rest } = f;
    const lane = channel ?? 'message';
    const raw = data;
    return {
      ...rest,
      // Milliseconds to microseconds; rounding removes float noise (0.1 ms -> 100 us).
      ts: typeof timestamp === 'number' ? Math.round(timestamp * 1000) : timestamp,
      dir: lane === 'lifecycle' ? 'local' : direction === 'out' ? 'c2s' : direction === 'in' ? 's2c' : direction,
      lane,
      raw,
      size: typeof raw === 'string' ? encoder.encode(raw).length : undefined,
    };
  },
};

const FRAMING: Json = { stdio: 'lines', http: 'messages' };

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A v1 header object of `name: value` becomes ordered pairs; anything else is left for the validator. */
function headerPairs(h: unknown): unknown {
  return isJson(h) ? Object.entries(h).map(([k, v]) => [k, typeof v === 'string' ? v : String(v)]) : h;
}

/** The stream of a v1 request frame that did not record one, from what it did record. */
function streamOfRequest(m: Json): string {
  if (typeof m.probe === 'string') return 'probe';
  return m.method === 'GET' ? 'get' : m.method === 'DELETE' ? 'delete' : 'post';
}

/**
 * Version 1 to 2: typed frame meta. HTTP headers become ordered [name, value] pairs (v1 kept an
 * object, which lost repeats and order); every exchange frame names its stream (early v1 files
 * left it out; it is taken from the request); the target says how its transport frames messages.
 */
function v1to2(): Migration {
  const streams = new Map<unknown, unknown>();
  return {
    from: 1,
    header(h) {
      const target = isJson(h.target) ? h.target : {};
      const framing = target.framing ?? FRAMING[String(target.transport)];
      return { ...h, version: 2, target: framing === undefined ? target : { ...target, framing } };
    },
    frame(f) {
      const m = f.meta;
      if (!isJson(m) || m.transport !== 'http' || (f.lane !== 'http' && f.lane !== 'message')) return f;
      const meta: Json = { ...m };
      if (f.lane === 'http' && meta.phase === 'request') {
        meta.stream ??= streamOfRequest(meta);
        streams.set(f.seq, meta.stream);
      } else if (meta.stream === undefined && meta.exchange !== undefined) {
        const known = streams.get(meta.exchange);
        if (known !== undefined) meta.stream = known;
        else if (f.lane === 'http') meta.stream = typeof meta.probe === 'string' ? 'probe' : 'post';
      }
      if (meta.headers !== undefined) meta.headers = headerPairs(meta.headers);
      return { ...f, meta };
    },
  };
}

/**
 * Version 2 to 3: a frame may name its channel (`app:<n>`, an MCP App's bridge). A version-2 file
 * has none, so its frames are the session's own and pass unchanged; the version exists so that a
 * Loupe that reads up to 2 refuses a file that may hold channels instead of mixing them up.
 */
const v2to3: Migration = {
  from: 2,
  header: (h) => ({ ...h, version: 3 }),
  frame: (f) => f,
};

/** Each read gets its own steps, so what a step remembers never leaks between files. */
const MIGRATIONS: (() => Migration)[] = [() => v0to1, v1to2, () => v2to3];

/** Reads a header line's version and returns the steps that bring it to TRACE_VERSION. */
export function migrationsFrom(header: unknown, line: number): Migration[] {
  const h = header as Json;
  if (typeof h !== 'object' || h === null || Array.isArray(h) || h.format !== TRACE_FORMAT) {
    const looksLikeFrame = typeof h === 'object' && h !== null && 'seq' in h;
    throw new TraceError(
      line,
      `missing header: ${looksLikeFrame ? 'the first line is a frame' : 'this is not a Loupe trace'}; the first line must be {"format":"${TRACE_FORMAT}","version":${TRACE_VERSION},...}`,
    );
  }
  const v = h.version;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw new TraceError(line, `the header's version is ${JSON.stringify(v)}, expected a whole number`);
  }
  if (v > TRACE_VERSION) {
    throw new TraceError(line, `written by a newer Loupe (format ${v}); this Loupe reads up to ${TRACE_VERSION}: upgrade Loupe`);
  }
  return MIGRATIONS.map((make) => make()).filter((m) => m.from >= v);
}

export function migrateHeader(steps: Migration[], h: unknown): unknown {
  return steps.reduce((acc, m) => m.header(acc), h as Json);
}

export function migrateFrame(steps: Migration[], f: unknown): unknown {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return f; // the validator says why
  return steps.reduce((acc, m) => m.frame(acc), f as Json);
}
