'use client';
import type { ReactNode } from 'react';
import { Dialog } from '../ui/Dialog';
import { Field, TextInput } from '../ui/Field';
import { FormActions } from '../ui/FormActions';

interface Props {
  open: boolean;
  title: string;
  name: string;
  namePlaceholder: string;
  onName: (name: string) => void;
  error: string | undefined;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame every connection form shares: the dialog, the name first, the form's own fields, Save and Cancel. */
export function ConnectionDialog({ open, title, name, namePlaceholder, onName, error, busy, onSubmit, onClose, children }: Props) {
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Field label="Name">
          <TextInput value={name} onChange={(e) => onName(e.target.value)} placeholder={namePlaceholder} autoFocus />
        </Field>
        {children}
        <FormActions error={error} busy={busy} label="Save connection" busyLabel="Saving…" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
