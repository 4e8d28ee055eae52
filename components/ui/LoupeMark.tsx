/** Loupe's mark: a magnifier over a bracket pair, drawn inline so it needs no font or file. */
export function LoupeMark() {
  return (
    <svg aria-hidden width="16" height="16" viewBox="0 0 16 16" fill="none" className="text-sky-400">
      <circle cx="6.5" cy="6.5" r="4.75" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10 10l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path d="M5.25 4.5l-1.5 2 1.5 2M7.75 4.5l1.5 2-1.5 2" stroke="currentColor" strokeWidth="1" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
