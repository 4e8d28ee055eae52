'use client';
import { useState } from 'react';
import { ConnectionList } from '../connections/ConnectionList';
import { ConnectionForm, ExportServersDialog, HttpConnectionForm, ImportDialog, TapUrlForm } from '../connections/lazyDialogs';
import { SessionList } from '../sessions/SessionList';
import { TapList } from '../taps/TapList';
import { TraceImport } from '../trace/TraceImport';
import { HistoryList } from '../history/HistoryList';
import { fetchTraceThroughProxy } from '../trace/fetchTraceThroughProxy';
import { openTrace } from '../trace/openTrace';
import { CompareButton } from '../trace/CompareButton';
import { Button } from '../ui/Button';
import { LoupeMark } from '../ui/LoupeMark';
import { SectionHeading } from '../ui/SectionHeading';
import { useOpenedOnce } from '../ui/useOpenedOnce';

export function Sidebar() {
  const [dialog, setDialog] = useState<'new' | 'url' | 'import' | 'export' | 'tap-url'>();
  const newOpened = useOpenedOnce(dialog === 'new');
  const importOpened = useOpenedOnce(dialog === 'import');
  return (
    <nav aria-label="Sidebar" className="flex h-full w-72 shrink-0 flex-col overflow-y-auto border-r border-zinc-800 bg-zinc-950">
      <div className="flex items-center gap-2 border-b border-zinc-800 px-3 py-2">
        <LoupeMark />
        <h1 className="text-sm font-semibold tracking-tight">Loupe</h1>
        <span className="text-[11px] text-zinc-500">MCP inspector</span>
      </div>
      <section aria-labelledby="connections-heading">
        <SectionHeading id="connections-heading">Connections</SectionHeading>
        <ConnectionList />
        <div className="flex flex-wrap gap-1 px-3 py-2">
          <Button onClick={() => setDialog('new')}>+ New connection</Button>
          <Button onClick={() => setDialog('url')}>+ Connect by URL</Button>
          <Button variant="ghost" onClick={() => setDialog('import')}>
            Import mcpServers JSON
          </Button>
          <Button variant="ghost" onClick={() => setDialog('export')}>
            Export all
          </Button>
        </div>
      </section>
      <section aria-labelledby="sessions-heading" className="border-t border-zinc-800">
        <SectionHeading id="sessions-heading">Sessions</SectionHeading>
        <SessionList />
      </section>
      <section aria-labelledby="traces-heading" className="border-t border-zinc-800 pb-3">
        <SectionHeading id="traces-heading">Trace files</SectionHeading>
        <div className="px-3">
          <TraceImport onOpen={openTrace} fetchTrace={fetchTraceThroughProxy} />
          <div className="mt-2">
            <CompareButton />
          </div>
        </div>
      </section>
      <section aria-labelledby="taps-heading" className="border-t border-zinc-800">
        <SectionHeading id="taps-heading">Recorded taps</SectionHeading>
        <TapList />
        <div className="px-3 py-2">
          <Button onClick={() => setDialog('tap-url')}>+ Tap a URL</Button>
        </div>
      </section>
      {/* Last: what was recorded before is looked for now and then; the live sessions and the trace files stay in view above it. */}
      <section aria-labelledby="history-heading" className="border-t border-zinc-800">
        <SectionHeading id="history-heading">History</SectionHeading>
        <HistoryList />
      </section>
      {newOpened && <ConnectionForm open={dialog === 'new'} onClose={() => setDialog(undefined)} />}
      {dialog === 'url' && <HttpConnectionForm open onClose={() => setDialog(undefined)} />}
      {importOpened && <ImportDialog open={dialog === 'import'} onClose={() => setDialog(undefined)} />}
      {dialog === 'export' && <ExportServersDialog title="Export all connections as mcpServers JSON" onClose={() => setDialog(undefined)} />}
      {dialog === 'tap-url' && <TapUrlForm open onClose={() => setDialog(undefined)} />}
    </nav>
  );
}
