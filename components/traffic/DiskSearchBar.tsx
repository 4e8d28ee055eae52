'use client';
import { useState } from 'react';
import { searchOnDisk, type DiskSearch } from '../../lib/browser/stored-reads';
import { formatBytes } from '../../lib/text/bytes';
import { Button } from '../ui/Button';

interface Props {
  sessionId: string;
  /** The filter's text: what a search on disk looks for. */
  text: string;
  result: DiskSearch | undefined;
  onResult: (r: DiskSearch | undefined) => void;
}

/**
 * The filter matches a row's method and subject in the page's memory; this searches every frame's
 * whole text in the session's copy on disk, including frames whose text the memory budget let go.
 * While its result is shown, the table lists the frames it found.
 */
export function DiskSearchBar({ sessionId, text, result, onResult }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const needle = text.trim();
  if (!needle && !result) return null;

  const run = async (fromSeq?: number) => {
    setBusy(true);
    setError(undefined);
    try {
      const found = await searchOnDisk(sessionId, needle, fromSeq);
      onResult(
        fromSeq === undefined || !result ? found : { ...found, seqs: [...result.seqs, ...found.seqs], scannedBytes: result.scannedBytes + found.scannedBytes },
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="region"
      aria-label="Search on disk"
      className="flex flex-wrap items-center gap-2 border-b border-zinc-800 bg-zinc-900/40 px-2 py-1 text-[11px] text-zinc-400"
    >
      {result ? (
        <>
          <span role="status" className="text-sky-200">
            {result.seqs.length === 0 ? 'No frame' : `${result.seqs.length.toLocaleString('en-US')} frame${result.seqs.length === 1 ? '' : 's'}`} on disk
            {result.next === undefined ? '' : ' so far'}
            {result.seqs.length === 1 ? ' holds' : ' hold'} “{result.text}” ({formatBytes(result.scannedBytes)} read)
          </span>
          {result.next !== undefined && (
            <Button disabled={busy} onClick={() => void run(result.next)}>
              More
            </Button>
          )}
          <Button variant="ghost" onClick={() => onResult(undefined)}>
            Back to the filter
          </Button>
        </>
      ) : (
        <Button disabled={busy} title="Every frame's whole text, read from the session's copy on disk" onClick={() => void run()}>
          {busy ? 'Searching…' : `Search all text on disk for “${needle}”`}
        </Button>
      )}
      {error && (
        <span role="alert" className="text-amber-300">
          {error}
        </span>
      )}
    </div>
  );
}
