/** Why a form or dialog could not do what was asked, announced to screen readers. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded border border-red-800 bg-red-950/50 px-2 py-1 text-xs text-red-300">
      {message}
    </p>
  );
}
