/**
 * The glue between the proxy's sessions and their live export: a session's frames so far, then
 * each batch as it is recorded, and its end once its last frame was delivered.
 */
import type { LiveSession, SessionRegistry } from '../sessions/types';
import { sessionRedactOptions } from '../trace/session-export';
import type { OtlpExport } from './otlp-export';
import type { OtlpReceivers } from './otlp-receivers';

/** Exports `session` from now until it ends (frames it recorded already included). */
export function exportSession(otlp: OtlpExport, session: LiveSession): void {
  const summary = session.summary();
  const telemetry = otlp.session({
    name: session.connection.name,
    originMs: summary.startedAt,
    transport: session.connection.transport === 'stdio' ? 'stdio' : 'http',
    redaction: sessionRedactOptions(session),
  });
  if (!telemetry) return;
  telemetry.push(session.frames());
  const offFrames = session.on('frames', (frames) => telemetry.push(frames));
  const ended = () => {
    offFrames();
    offSummary();
    void telemetry.end();
  };
  // `endedAt` is set once the recording is over and every frame was delivered (a failed handshake
  // alone leaves the server running, and its session open).
  const offSummary = session.on('summary', (s) => s.endedAt !== undefined && ended());
  if (summary.endedAt !== undefined) ended();
}

/**
 * Exports every session the registry opens for Loupe's own client (a launched server, a URL) to
 * the receiver it goes to, if any. Recorded taps are left to the tap that records them (`loupe tap
 * --otlp`): the dashboard also opens finished ones, whose calls are long over.
 */
export function exportRegistrySessions(receivers: OtlpReceivers, registry: SessionRegistry): () => void {
  const seen = new WeakSet<LiveSession>();
  const look = (sessions: LiveSession[]) => {
    for (const session of sessions) {
      if (seen.has(session)) continue;
      seen.add(session);
      const source = session.summary().source;
      if (source !== 'launched' && source !== 'url') continue;
      // The SDK loads with a receiver's first session; frames recorded meanwhile are read then.
      void receivers.for(session)?.then((otlp) => exportSession(otlp, session));
    }
  };
  look(registry.list());
  return registry.onChange(look);
}
