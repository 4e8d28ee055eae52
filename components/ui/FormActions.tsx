'use client';
import { Button } from './Button';
import { FormError } from './FormError';

/** The end of a dialog's form: why it failed, if it did, then Cancel and the submit button, which
 *  cannot be pressed again while the form is busy (and says what it is doing, given a busyLabel). */
export function FormActions({
  error,
  busy,
  label,
  busyLabel,
  onCancel,
}: {
  error?: string;
  busy: boolean;
  label: string;
  busyLabel?: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormError message={error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy && busyLabel ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}
