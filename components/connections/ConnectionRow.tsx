'use client';
import { optionsFor } from '../../lib/browser/openOptions';
import { useLoupe } from '../../lib/browser/store';
import { declaredCapabilities } from '../../lib/client/capabilities';
import type { Connection } from '../../lib/wire/connection';
import type { SessionSummary } from '../../lib/wire/protocol';
import { sessionLabel } from '../sessions/sessionLabel';
import { Button } from '../ui/Button';
import { ConnectOptions } from './ConnectOptions';

function commandLine(c: Connection): string {
  if (c.transport === 'http') return c.url;
  const base = (s: string) => s.split('/').pop() ?? s;
  return [c.command, ...c.args].map(base).join(' ');
}

const OPEN: readonly SessionSummary['status'][] = ['starting', 'initializing', 'ready'];

/** With a session to this connection open: what Connect would do, naming the newest open one. */
function anotherSessionNote(connectionId: string, sessions: readonly SessionSummary[]): string | undefined {
  const mine = sessions.filter((x) => x.connectionId === connectionId);
  const open = mine.filter((x) => OPEN.includes(x.status)).sort((a, b) => b.startedAt - a.startedAt);
  if (!open.length) return undefined;
  const more = open.length > 1 ? ` (and ${open.length - 1} more)` : '';
  return `${sessionLabel(open[0], sessions)} is open${more}: this starts another session beside it (#${mine.length + 1})`;
}

export interface ConnectionRowProps {
  connection: Connection;
  optionsOpen: boolean;
  busy: boolean;
  onToggleOptions(): void;
  onConnect(): void;
  onEdit(): void;
  onDelete(): void;
  onClone(): void;
  onExport(): void;
}

/**
 * One saved connection: its name in full (it wraps rather than being cut), what it runs, what its
 * client declares, and Connect. Edit, Delete, Clone and Export live with the Connect options behind
 * ⚙, so no button appears beside the name to squeeze it. With a session to it already open, the
 * button says that pressing it starts another.
 */
export function ConnectionRow({ connection: c, optionsOpen, busy, onToggleOptions, onConnect, onEdit, onDelete, onClone, onExport }: ConnectionRowProps) {
  const defaults = useLoupe((s) => s.defaults);
  const sessions = useLoupe((s) => s.sessions);
  const options = optionsFor(c, defaults);
  const declared = `${options.protocolVersion}${options.era ? ` · ${options.era}` : ''} · ${declaredCapabilities(options.clientCapabilities).join(' ') || 'no client capabilities'}`;
  const again = anotherSessionNote(c.id, sessions);

  return (
    <li aria-label={c.name}>
      {/* The name takes the row's whole width; the buttons sit beside the lines below it. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 px-3 py-1.5 hover:bg-zinc-900">
        <div className="col-span-2 flex flex-wrap items-baseline gap-x-1.5 text-xs font-medium text-zinc-200">
          <span className="min-w-0 break-words" title={c.name}>
            {c.name}
          </span>
          {c.builtin && <span className="rounded bg-zinc-800 px-1 text-[10px] font-normal text-zinc-400">built-in</span>}
        </div>
        <div className="min-w-0">
          <div className="truncate font-mono text-[10px] text-zinc-500" title={commandLine(c)}>
            {c.transport} · {commandLine(c)}
          </div>
          <div className="truncate font-mono text-[10px] text-zinc-500" aria-label="Declared capabilities" title={declared}>
            {declared}
          </div>
        </div>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            aria-label={`Connect options of ${c.name}`}
            aria-expanded={optionsOpen}
            title="Connect options (protocol version, client capabilities), Edit, Clone, Export and Delete"
            onClick={onToggleOptions}
          >
            {optionsOpen ? '▾' : '⚙'}
          </Button>
          {/* A second session is a choice, not the default: the button says so and looks secondary. */}
          <Button
            variant={again ? 'default' : 'primary'}
            aria-label={again ? `Connect ${c.name} again (new session)` : `Connect ${c.name}`}
            title={again}
            disabled={busy}
            onClick={onConnect}
          >
            {busy ? '…' : again ? 'New session' : 'Connect'}
          </Button>
        </div>
      </div>
      {optionsOpen && (
        <>
          <ConnectOptions key={c.id} connection={c} />
          <div className="flex flex-wrap gap-1 px-3 pb-2">
            {!c.builtin && (
              <>
                <Button aria-label={`Edit ${c.name}`} onClick={onEdit}>
                  Edit
                </Button>
                <Button variant="danger" aria-label={`Delete ${c.name}`} title="Deleted at once; Undo brings it back" onClick={onDelete}>
                  Delete
                </Button>
              </>
            )}
            <Button aria-label={`Clone ${c.name}`} title="A copy under a new name, secrets included, to change freely" onClick={onClone}>
              Clone
            </Button>
            <Button aria-label={`Export ${c.name} as mcpServers JSON`} onClick={onExport}>
              Export mcpServers JSON
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
