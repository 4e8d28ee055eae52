/**
 * `loupe export FILE --to trace|har|otlp|mermaid [--out FILE]`: re-writes a trace, redacted by
 * default, or converts it. `--preview` lists what would be redacted and writes nothing.
 * `loupe export SESSION`: the same for a session stored on disk (`loupe sessions` lists them); as
 * a trace it is streamed from the store, redacted with the session's own secrets too.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root';
import { parseArgs } from 'node:util';
import { checkCustomRule, type CustomRule, type RedactionHit } from '../../lib/trace';
import { harEmptyReason, prepareExport, renderExport, EXPORT_FORMATS, type ExportFormat, type FrameSelection } from '../../lib/render';
import { readTraceFile, TraceFileError } from './shared/trace-file';
import { LOUPE_VERSION } from '../../lib/version';
import { printError, printReport } from './shared/terminal';
import { printable } from '../../lib/text/printable';
import { resolveConfigDir } from '../config/paths';
import { isSessionId, sessionsDir } from '../store/layout';
import { StoreError, type StoredSession } from '../store/reader';
import { SessionStore } from '../store/store';
import { exportStored, storedRedaction } from '../store/export';

const VIEWER = path.join(PACKAGE_ROOT, 'out', 'loupe-viewer.html');

const USAGE = `usage: loupe export FILE|SESSION [--to trace|html|har|otlp|mermaid] [--out FILE] [options]
  SESSION                a stored session's id (loupe sessions lists them); --config-dir DIR
                         says where they are (default LOUPE_CONFIG_DIR or ~/.config/loupe)
  --format F             the same as --to F
  --to html              one HTML file: the offline viewer with the trace inside
  --to har               HAR 1.2 of the HTTP exchanges (a stdio trace has none: the reason is
                         printed and written in the file's log.comment)
  --preview              list what would be redacted, write nothing
  --no-redact            keep every secret (explicit opt-out of redaction)
  --env NAME             also redact the value of this environment variable (repeatable)
  --redact-regex RE      also redact every match of RE (repeatable; RE2 syntax, linear time:
                         no backreferences or lookaround)
  --redact-path PATH     also redact the strings at this JSON path in messages (repeatable)
  --disable-rule ID      switch off one built-in rule (repeatable)
  --from-seq N --to-seq M, --from-ms A --to-ms B   export part of the trace`;

class Usage extends Error {}

function num(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Usage(`${flag} takes a number, got '${v}'`);
  return n;
}

function selection(v: Record<string, string | undefined>): FrameSelection {
  const [fs, ts, fm, tm] = [num('--from-seq', v['from-seq']), num('--to-seq', v['to-seq']), num('--from-ms', v['from-ms']), num('--to-ms', v['to-ms'])];
  if (fs !== undefined || ts !== undefined) {
    if (fm !== undefined || tm !== undefined) throw new Usage('give either a seq range or a time range, not both');
    return { kind: 'seq-range', fromSeq: fs ?? 1, toSeq: ts ?? Number.MAX_SAFE_INTEGER };
  }
  if (fm !== undefined || tm !== undefined)
    return { kind: 'time-range', fromUs: (fm ?? 0) * 1000, toUs: tm === undefined ? Number.MAX_SAFE_INTEGER : tm * 1000 };
  return { kind: 'all' };
}

export function formatPreview(hits: RedactionHit[]): string {
  if (hits.length === 0) return 'nothing to redact\n';
  return (
    hits.map((h) => `${h.seq ? `frame ${h.seq}` : 'header'}  ${printable(h.where)}  ${printable(h.rule)}  ${printable(h.excerpt)}`).join('\n') +
    `\n${hits.length} value(s) will be redacted\n`
  );
}

/** The stored session an argument names, when it is an id and no file of that name exists. */
function storedSessionNamed(arg: string, configDir: string | undefined): StoredSession | undefined {
  if (existsSync(arg) || !isSessionId(arg)) return undefined;
  return new SessionStore(sessionsDir(resolveConfigDir(configDir))).open(arg);
}

/** A stored session as a trace, streamed; to stdout through a file of its own when there is no --out. */
async function exportFromStore(
  session: StoredSession,
  out: string | undefined,
  redact: Parameters<typeof exportStored>[2]['redact'],
  sel: FrameSelection,
): Promise<number> {
  for (const notice of session.notices) console.error(`loupe export: note: ${notice}`);
  const file = out ?? path.join(mkdtempSync(path.join(tmpdir(), 'loupe-export-')), 'session.loupe.ndjson');
  try {
    const done = exportStored(session, file, { loupeVersion: LOUPE_VERSION, redact, selection: sel });
    if (!out) await copyToStdout(file);
    console.error(
      redact === false
        ? `loupe export: ${done.frames} frames; redaction is off: the output holds every secret that crossed the wire`
        : `loupe export: ${done.frames} frames, ${done.redacted} value(s) redacted`,
    );
    return 0;
  } finally {
    if (!out) rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

function copyToStdout(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const from = createReadStream(file);
    from.on('error', reject).on('end', resolve);
    from.pipe(process.stdout, { end: false });
  });
}

export async function run(argv: string[]): Promise<number> {
  try {
    const { values: v, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        to: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        preview: { type: 'boolean' },
        'no-redact': { type: 'boolean' },
        env: { type: 'string', multiple: true },
        'redact-regex': { type: 'string', multiple: true },
        'redact-path': { type: 'string', multiple: true },
        'disable-rule': { type: 'string', multiple: true },
        'from-seq': { type: 'string' },
        'to-seq': { type: 'string' },
        'from-ms': { type: 'string' },
        'to-ms': { type: 'string' },
        'config-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (v.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new Usage(`expected one trace file, got ${positionals.length}`);
    if (v.to !== undefined && v.format !== undefined && v.to !== v.format) throw new Usage(`--to ${v.to} and --format ${v.format} disagree: give one of them`);
    const to = (v.to ?? v.format ?? 'trace') as ExportFormat;
    if (!EXPORT_FORMATS.includes(to)) throw new Usage(`--to must be one of ${EXPORT_FORMATS.join(', ')}; got '${to}'`);
    if (v['no-redact'] && v.preview) throw new Usage('--preview shows what redaction would do; it cannot be combined with --no-redact');
    const custom: CustomRule[] = [
      ...(v['redact-regex'] ?? []).map((regex, i) => ({ id: `regex-${i + 1}`, regex })),
      ...(v['redact-path'] ?? []).map((jsonPath, i) => ({ id: `path-${i + 1}`, jsonPath })),
    ];
    for (const c of custom) {
      const problem = checkCustomRule(c);
      if (problem) throw new Usage(problem);
    }
    const env = Object.fromEntries((v.env ?? []).map((name) => [name, process.env[name] ?? '']));
    const own = { env, custom, disabled: v['disable-rule'] };
    const sel = selection(v as unknown as Record<string, string | undefined>);
    const stored = storedSessionNamed(positionals[0], v['config-dir']);
    if (stored && to === 'trace' && !v.preview) return exportFromStore(stored, v.out, v['no-redact'] ? false : own, sel);
    const trace = stored ? { header: stored.meta.header, frames: [...stored.frames()] } : await readTraceFile(positionals[0]);
    const prepared = prepareExport({
      frames: trace.frames,
      target: trace.header.target,
      loupeVersion: LOUPE_VERSION,
      negotiatedVersion: trace.header.negotiatedVersion,
      requestTimeoutMs: trace.header.requestTimeoutMs,
      source: stored ? trace.header.source : 'import',
      importedFrom: trace.header.importedFrom,
      selection: sel,
      redact: v['no-redact'] ? false : stored ? storedRedaction(stored, own) : own,
    });
    if (trace.header.startedAt) prepared.header.startedAt = trace.header.startedAt;
    if (v.preview) {
      printReport(formatPreview(prepared.hits));
      return 0;
    }
    if (to === 'html' && !existsSync(VIEWER)) {
      throw new TraceFileError(
        'the offline viewer is not built (out/loupe-viewer.html): it ships with an installed Loupe; in a clone of Loupe, run `npm run build`',
      );
    }
    const viewer = to === 'html' ? readFileSync(VIEWER, 'utf8') : undefined;
    const text = renderExport({ header: prepared.header, frames: prepared.frames }, to, LOUPE_VERSION, viewer);
    const emptyHar = to === 'har' ? harEmptyReason(prepared.frames, prepared.header.target.transport) : undefined;
    if (emptyHar) console.error(`loupe export: the HAR has no entries. ${emptyHar}`);
    if (v.out) writeFileSync(v.out, text);
    // Piped or redirected, the export is the data, byte for byte; on a terminal it is shown.
    else if (process.stdout.isTTY) printReport(text);
    else process.stdout.write(text);
    console.error(
      v['no-redact']
        ? 'loupe export: redaction is off: the output holds every secret that crossed the wire'
        : `loupe export: ${prepared.hits.length} value(s) redacted`,
    );
    return 0;
  } catch (e) {
    if (e instanceof TraceFileError || e instanceof StoreError) {
      printError(`loupe export: ${e.message}`);
      return 2;
    }
    if (e instanceof Usage || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      printError(`loupe export: ${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
}
