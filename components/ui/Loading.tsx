/**
 * What a part of the page loaded on first use shows while its code arrives (a moment: it is a file
 * of the same origin, or already in the page in the offline viewer). It fills the place the part
 * will take, so nothing around it moves, and says what it is to a screen reader.
 */
export function Loading({ className = '' }: { className?: string }) {
  return (
    <p role="status" className={`px-3 py-2 text-xs text-zinc-500 ${className}`}>
      Loading…
    </p>
  );
}
