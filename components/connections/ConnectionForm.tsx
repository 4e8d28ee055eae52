'use client';
import { useConnectionDraft } from './useConnectionDraft';
import { Dialog } from '../ui/Dialog';
import { Field, TextInput } from '../ui/Field';
import { ArgsEditor } from './ArgsEditor';
import { ENV_ROWS, KeyValueEditor } from './KeyValueEditor';
import { draftToConnection, emptyDraft, type ConnectionDraft } from './draft';
import { FormActions } from '../ui/FormActions';

/** New connection (or edit one): a stdio command with its argument vector, env and cwd. */
export function ConnectionForm({ open, initial, onClose }: { open: boolean; initial?: ConnectionDraft; onClose: () => void }) {
  const { draft, edit, error, busy, submit } = useConnectionDraft(emptyDraft, initial, draftToConnection, onClose);

  return (
    <Dialog open={open} title={initial?.id ? 'Edit connection' : 'New connection'} onClose={onClose} wide>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Name">
          <TextInput value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder="my-server" autoFocus />
        </Field>
        <Field label="Command" hint="Run directly, never through a shell.">
          <TextInput value={draft.command} onChange={(e) => edit({ command: e.target.value })} placeholder="node" />
        </Field>
        <ArgsEditor args={draft.args} onChange={(args) => edit({ args })} />
        <KeyValueEditor kind={ENV_ROWS} rows={draft.env} onChange={(env) => edit({ env })} />
        <Field label="Working directory" hint="Optional; the proxy's directory when empty.">
          <TextInput value={draft.cwd} onChange={(e) => edit({ cwd: e.target.value })} placeholder="/path/to/project" />
        </Field>
        <FormActions error={error} busy={busy} label="Save connection" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
