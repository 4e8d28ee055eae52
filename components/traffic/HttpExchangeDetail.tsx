'use client';
import { formatLatency, formatTime } from '../../lib/browser/frameView';
import type { Trace } from '../../lib/browser/trace';
import type { Frame } from '../../lib/mcp/frame';
import type { HttpExchange as HttpExchangeView } from '../../lib/mcp/http-exchanges';
import { Button } from '../ui/Button';
import { HttpHeaders } from './HttpHeaders';
import { FactList } from '../ui/FactList';
import { formatBytes } from '../../lib/text/bytes';

function Timing({ ex }: { ex: HttpExchangeView }) {
  const rows: [string, string][] = [];
  if (ex.sentAt !== undefined) rows.push(['sent', `${formatTime(ex.sentAt)} ms`]);
  if (ex.sentAt !== undefined && ex.headersAt !== undefined) rows.push(['headers', `+${formatLatency(ex.headersAt - ex.sentAt)} (waiting for the server)`]);
  if (ex.doneAt !== undefined && ex.sentAt !== undefined)
    rows.push(['done', `+${formatLatency(ex.doneAt - ex.sentAt)}${ex.headersAt !== undefined ? ` (body ${formatLatency(ex.doneAt - ex.headersAt)})` : ''}`]);
  else rows.push(['done', 'body still open']);
  return <FactList label="Timing" facts={rows} />;
}

function Events({ ex, onJump }: { ex: HttpExchangeView; onJump: (seq: number) => void }) {
  if (ex.events.length === 0) return null;
  return (
    <div>
      <h5 className="mb-0.5 text-[10px] font-semibold uppercase tracking-wider text-zinc-500">Body ({ex.stream} stream)</h5>
      <ul aria-label="Messages and SSE events" className="flex flex-col gap-0.5 font-mono text-[11px]">
        {ex.events.slice(0, 200).map((e) => (
          <li key={e.seq} className="flex gap-2">
            <button type="button" className="text-sky-400 hover:underline" onClick={() => onJump(e.seq)}>
              #{e.seq}
            </button>
            <span className="text-zinc-300">{e.message ? 'message' : `event ${e.event ?? 'message'}`}</span>
            {e.eventId !== undefined && <span className="text-zinc-500">id {e.eventId}</span>}
          </li>
        ))}
        {ex.events.length > 200 && <li className="text-zinc-500">and {ex.events.length - 200} more</li>}
      </ul>
    </div>
  );
}

/** An HTTP exchange as browser devtools show one: general facts, timing, headers, body parts. */
export function HttpExchangeDetail({ frame, trace, onJump }: { frame: Frame; trace: Trace; onJump: (seq: number) => void }) {
  // The model grows the exchange as its frames arrive: a stream still open gains its new events.
  const ex = trace.model.exchanges.of(frame);
  if (!ex) return null;
  const carried = frame.lane === 'message' && frame.meta?.transport === 'http' ? frame.meta : undefined;
  const status = ex.status !== undefined ? `${ex.status} ${ex.statusText ?? ''}`.trim() : ex.error ? 'failed' : 'pending';
  return (
    <section aria-label="HTTP exchange" className="flex flex-col gap-2 rounded border border-zinc-800 p-2">
      <header className="flex flex-wrap items-baseline gap-2 font-mono text-[11px]">
        <span className="font-semibold text-zinc-100">{ex.method}</span>
        <span className="break-all text-zinc-200">{ex.url}</span>
        <span aria-label="Status" className={ex.status !== undefined && ex.status < 400 ? 'text-emerald-300' : 'text-red-300'}>
          {status}
        </span>
        {ex.id !== frame.seq && (
          <Button className="ml-auto" onClick={() => onJump(ex.id)}>
            Go to HTTP request
          </Button>
        )}
      </header>
      {frame.lane === 'message' && (
        <p className="font-mono text-[11px] text-zinc-400">
          Carried by exchange #{ex.id} on the {carried?.stream ?? ex.stream} stream{carried?.eventId !== undefined ? `, SSE event id ${carried.eventId}` : ''}
        </p>
      )}
      <FactList
        facts={[
          ['stream', ex.stream],
          ['Last-Event-ID', ex.lastEventId],
          ['probe', ex.probe && `${ex.probe}${ex.verdict ? `: ${ex.verdict}` : ''}`],
          ['size', ex.bytes !== undefined ? formatBytes(ex.bytes) : undefined],
          ['error', ex.error],
          ['note', ex.note],
        ]}
      />
      <Timing ex={ex} />
      <HttpHeaders label="Request headers" headers={ex.requestHeaders} />
      <HttpHeaders label="Response headers" headers={ex.responseHeaders} />
      <Events ex={ex} onJump={onJump} />
    </section>
  );
}
