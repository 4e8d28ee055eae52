/** Key/value facts in two columns (a frame's direction, an exchange's timing); empty values are left out. */
export function FactList({ facts, label }: { facts: ReadonlyArray<readonly [string, string | false | undefined]>; label?: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[6rem_1fr] gap-x-2 font-mono text-[11px]">
      {facts
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-500">{k}</dt>
            <dd className="break-all text-zinc-200">{v}</dd>
          </div>
        ))}
    </dl>
  );
}
