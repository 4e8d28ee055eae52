'use client';
import { useConnectionDraft } from './useConnectionDraft';
import { ConnectionDialog } from './ConnectionDialog';
import { Field, TextInput } from '../ui/Field';
import { ArgsEditor } from './ArgsEditor';
import { ENV_ROWS, KeyValueEditor } from './KeyValueEditor';
import { draftToConnection, emptyDraft, type ConnectionDraft } from './draft';

/** New connection (or edit one): a stdio command with its argument vector, env and cwd. */
export function ConnectionForm({ open, initial, onClose }: { open: boolean; initial?: ConnectionDraft; onClose: () => void }) {
  const { draft, edit, error, busy, submit } = useConnectionDraft(emptyDraft, initial, draftToConnection, onClose);

  return (
    <ConnectionDialog
      open={open}
      title={initial?.id ? 'Edit connection' : 'New connection'}
      name={draft.name}
      namePlaceholder="my-server"
      onName={(name) => edit({ name })}
      error={error}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field label="Command" hint="Run directly, never through a shell.">
        <TextInput value={draft.command} onChange={(e) => edit({ command: e.target.value })} placeholder="node" />
      </Field>
      <ArgsEditor args={draft.args} onChange={(args) => edit({ args })} />
      <KeyValueEditor kind={ENV_ROWS} rows={draft.env} onChange={(env) => edit({ env })} />
      <Field label="Working directory" hint="Optional; the proxy's directory when empty.">
        <TextInput value={draft.cwd} onChange={(e) => edit({ cwd: e.target.value })} placeholder="/path/to/project" />
      </Field>
    </ConnectionDialog>
  );
}
