'use client';
import { useMemo } from 'react';
import { useLoupe } from '../../lib/browser/store';
import { useHandshake } from '../../lib/browser/useHandshake';
import { optionsFor } from '../../lib/browser/openOptions';
import { cliScript, type ScriptRequest } from '../../lib/trace/cli-script';
import { saveText } from '../../lib/browser/download';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { inputClass } from '../ui/Field';
import { CopyButton } from './CopyButton';

/** The shell script that reproduces requests with `loupe record`, to read, copy or save; it says what was redacted. */
export function CliScriptDialog({ sessionId, requests, title, onClose }: { sessionId: string; requests: ScriptRequest[]; title: string; onClose: () => void }) {
  const session = useLoupe((s) => s.sessions.find((x) => x.id === sessionId));
  const connection = useLoupe((s) => s.connections.find((c) => c.id === session?.connectionId));
  const defaults = useLoupe((s) => s.defaults);
  const loupeCommand = useLoupe((s) => s.loupeCommand);
  const declaredOnWire = useHandshake(sessionId);
  const script = useMemo(() => {
    if (!connection) return undefined;
    // What this session declared on the wire, falling back to what the connection would declare now.
    const declared = optionsFor(connection, defaults);
    return cliScript({
      connection,
      requests,
      protocolVersion: declaredOnWire.requestedVersion ?? declared.protocolVersion,
      clientCapabilities: declaredOnWire.clientCapabilities ?? declared.clientCapabilities,
      timeoutMs: connection.options?.settings?.requestTimeoutMs,
      loupeCommand,
    });
  }, [connection, defaults, loupeCommand, requests, declaredOnWire.requestedVersion, declaredOnWire.clientCapabilities]);
  return (
    <Dialog open title={title} onClose={onClose} wide>
      <div className="flex flex-col gap-3 text-xs">
        {!script && (
          <p role="alert" className="text-red-300">
            The session’s connection is no longer saved: there is nothing to start the server with.
          </p>
        )}
        {script && (
          <>
            <p role="status" className={script.redacted.length ? 'text-amber-300' : 'text-zinc-400'}>
              {script.redacted.length
                ? `${script.redacted.length} value${script.redacted.length === 1 ? ' was' : 's were'} redacted (${script.redacted.join(', ')}): put the real value${script.redacted.length === 1 ? '' : 's'} back before running it.`
                : `No secret found: runs as it is (${requests.length} request${requests.length === 1 ? '' : 's'}, after the handshake and discovery).`}
            </p>
            <textarea aria-label="loupe CLI script" readOnly wrap="off" spellCheck={false} className={`${inputClass} h-64 resize-y`} value={script.text} />
            <div className="flex justify-end gap-2">
              <CopyButton text={script.text} label="Copy the script" caption="Copy" />
              <Button variant="primary" onClick={() => saveText('loupe-repro.sh', script.text, 'text/x-shellscript')}>
                Download
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
