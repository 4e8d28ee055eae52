'use client';
import { formatId, formatLatency, formatTime, lifecycleText, type FrameView } from '../../lib/browser/frameView';
import { channelDirectionLabel, channelLabel } from '../../lib/mcp/channel';
import { Button } from '../ui/Button';
import type { Annotation } from '../../lib/analyze';
import type { Trace } from '../../lib/browser/trace';
import { maskHttpHead } from '../../lib/mcp/secret-headers';
import { CopyButton } from './CopyButton';
import { FrameAnnotations } from './FrameAnnotations';
import { HttpExchangeDetail } from './HttpExchangeDetail';
import { JsonTree } from './JsonTree';
import { KindBadge } from './KindBadge';
import { RawText } from './RawText';
import { ResendActions } from './ResendActions';
import { FactList } from '../ui/FactList';
import { formatBytes } from '../../lib/text/bytes';
import { useStoredText, type StoredText } from '../../lib/browser/stored-reads';

function Marks({ view, stored }: { view: FrameView; stored?: StoredText }) {
  const f = view.frame;
  // Problems are red; where the text came from is only said.
  const marks: { text: string; note?: boolean }[] = [];
  if (f.textDropped && stored?.status === 'read')
    marks.push({
      text: "Read from disk: the session passed its memory budget, so the page holds only this frame's metadata; its text is from the session's copy on disk.",
      note: true,
    });
  else if (f.textDropped && stored?.status === 'reading') marks.push({ text: "Reading this frame's text from the session's copy on disk…", note: true });
  else if (f.textDropped)
    marks.push({
      text: `Text dropped: the session had passed its byte budget, so only this frame's metadata was kept (${formatBytes(f.size)} crossed the wire).${stored?.status === 'failed' ? ` Its copy on disk could not be read: ${stored.error}` : ''}`,
    });
  if (f.truncated && !f.textDropped)
    marks.push({ text: `Truncated: the line was ${formatBytes(f.size)}; only its first ${formatBytes(f.raw.length)} were kept.` });
  if (f.invalidUtf8) marks.push({ text: 'Invalid UTF-8: bad bytes are shown as U+FFFD; the exact bytes are kept in the trace (base64).' });
  if (view.kind === 'invalid' && view.problem) marks.push({ text: `Not a JSON-RPC message: ${view.problem}.` });
  if (!marks.length) return null;
  return (
    <ul aria-label="Frame problems" className="flex flex-col gap-1">
      {marks.map((m) => (
        <li
          key={m.text}
          className={`rounded border px-2 py-1 text-[11px] ${m.note ? 'border-sky-900 bg-sky-950/40 text-sky-200' : 'border-red-900 bg-red-950/40 text-red-200'}`}
        >
          {m.text}
        </li>
      ))}
    </ul>
  );
}

/** `withChannel`: the trace has MCP Apps, so every frame says which conversation it belongs to. */
function Facts({ view, withChannel }: { view: FrameView; withChannel: boolean }) {
  const f = view.frame;
  const rows: [string, string][] = [
    ...(withChannel || f.channel !== undefined ? [['channel', channelLabel(f.channel)] as [string, string]] : []),
    ['direction', channelDirectionLabel(f.channel, f.dir)],
    ['lane', f.lane],
    ['time', `${formatTime(f.ts)} ms`],
    ['size', formatBytes(f.size)],
  ];
  if (view.id !== undefined) rows.push(['id', formatId(view.id)]);
  if (view.latencyUs !== undefined) rows.push(['latency', formatLatency(view.latencyUs)]);
  if (view.kind === 'lifecycle') rows.push(['event', lifecycleText(f)]);
  const fwd = view.forward;
  if (fwd)
    rows.push([
      'forwarded',
      f.channel !== undefined ? `by the host to the server as #${fwd.sessionSeq}` : `for ${channelLabel(fwd.channel)}'s request #${fwd.appSeq}`,
    ]);
  return <FactList facts={rows} />;
}

/** Everything about one frame: its facts, problems, a JSON tree and the raw text. */
export function FrameDetail({
  view,
  annotations,
  onJump,
  trace,
}: {
  view: FrameView;
  annotations?: readonly Annotation[];
  onJump: (seq: number) => void;
  trace?: Trace;
}) {
  // A frame whose text the memory budget dropped is read back from the session's copy on disk.
  const stored = useStoredText(trace, view.frame);
  const frame = stored?.status === 'read' ? stored.frame : view.frame;
  // HTTP heads may carry credentials: shown masked here, revealed one value at a time in the exchange.
  const raw = frame.lane === 'http' ? maskHttpHead(frame.raw) : frame.raw;
  const isRequest = view.call?.seq === view.frame.seq;
  const meta = view.frame.lane === 'lifecycle' ? view.frame.meta : undefined;
  const mounted = meta?.transport === 'app' && meta.event === 'app-mounted' ? meta : undefined;
  const json = frame.lane === 'message' ? parsed(frame.raw) : view.kind === 'lifecycle' ? view.frame.meta : undefined;
  return (
    <section aria-label={`Frame ${view.frame.seq}`} className="flex h-full flex-col gap-3 overflow-auto p-3">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-mono text-xs">
          <span className="text-zinc-500">#{view.frame.seq}</span> <KindBadge kind={view.kind} /> <span className="text-zinc-100">{view.method}</span>
        </h3>
        <div className="ml-auto flex gap-1">
          {view.call && view.partnerSeq !== undefined && (
            <Button onClick={() => onJump(view.partnerSeq!)}>{isRequest ? 'Go to response' : 'Go to request'}</Button>
          )}
          {view.call && isRequest && view.partnerSeq === undefined && <span className="text-[11px] text-zinc-500">awaiting response…</span>}
          {view.forward && (
            <Button onClick={() => onJump(view.frame.channel !== undefined ? view.forward!.sessionSeq : view.forward!.appSeq)}>
              {view.frame.channel !== undefined ? "Go to the host's request" : "Go to the app's request"}
            </Button>
          )}
          {mounted?.requestSeq !== undefined && <Button onClick={() => onJump(mounted.requestSeq!)}>Go to the tool call</Button>}
          <CopyButton text={raw} label="Copy raw text" />
        </div>
      </header>
      {/* Resending speaks to the server: an app's bridge message is not the server's to answer. */}
      {trace?.source.kind === 'live' && view.frame.channel === undefined && (
        <ResendActions sessionId={trace.source.sessionId} frame={view.frame} onJump={onJump} />
      )}
      <Facts view={view} withChannel={(trace?.model.appChannels.length ?? 0) > 0} />
      <Marks view={view} stored={stored} />
      {annotations && annotations.length > 0 && <FrameAnnotations annotations={annotations} />}
      {trace && view.frame.meta?.transport === 'http' && view.frame.lane !== 'lifecycle' && (
        <HttpExchangeDetail frame={view.frame} trace={trace} onJump={onJump} />
      )}
      {json !== undefined && (
        <div>
          <h4 className="mb-1 text-[11px] font-semibold uppercase tracking-wider text-zinc-500">{view.frame.lane === 'message' ? 'JSON' : 'Details'}</h4>
          <JsonTree value={json} label="JSON tree" />
        </div>
      )}
      <div>
        <h4 className="mb-1 text-[11px] font-semibold uppercase tracking-wider text-zinc-500">Raw text</h4>
        <div role="region" aria-label="Raw text">
          <RawText raw={raw} />
        </div>
      </div>
    </section>
  );
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
