'use client';
import { useState } from 'react';
import { blockView, type BlockView } from '../../lib/client/content';
import { formatBytes } from '../../lib/text/bytes';
import { contentSource } from '../../lib/client/markdown-safety';
import { ImageViewer } from './ImageViewer';
import { TextBlock } from './TextBlock';

const box = 'rounded border border-zinc-800 bg-zinc-950 p-2';

function Block({ view }: { view: BlockView }) {
  switch (view.kind) {
    case 'text':
      return <TextBlock text={view.text} />;
    case 'image':
    case 'audio':
      return (
        <figure className={box}>
          {view.src && view.kind === 'image' && <ZoomableImage src={view.src} label={`${view.mimeType} image from the server`} />}
          {view.src && view.kind === 'audio' && <audio controls src={view.src} aria-label={`${view.mimeType} audio from the server`} />}
          <figcaption className="text-[11px] text-zinc-400">
            {view.kind} · {view.mimeType || 'no MIME type'} · {formatBytes(view.bytes)}
            {view.problem && <span className="ml-1 text-amber-300">({view.problem})</span>}
          </figcaption>
        </figure>
      );
    case 'resource-link':
      return (
        <div className={box}>
          <span className="text-zinc-400">link </span>
          <span className="font-mono text-sky-200">{view.uri}</span>
          {view.name && <span className="ml-1 text-zinc-300">{view.name}</span>}
          {view.mimeType && <span className="ml-1 text-zinc-500">{view.mimeType}</span>}
          {view.description && <p className="text-zinc-500">{view.description}</p>}
        </div>
      );
    case 'resource':
      return (
        <div className={box}>
          <div className="text-[11px] text-zinc-400">
            embedded resource <span className="font-mono text-sky-200">{view.uri}</span> · {view.mimeType ?? 'no MIME type'}
            {view.bytes !== undefined && ` · ${formatBytes(view.bytes)}`}
          </div>
          {view.text !== undefined && (
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words font-mono text-[11px] text-zinc-200">{view.text}</pre>
          )}
          {view.blobSrc && <img src={view.blobSrc} alt={`${view.uri} preview`} className="mt-1 max-h-48" />}
        </div>
      );
    case 'tool-use':
      return (
        <div className={box} aria-label={`Tool use ${view.name}`}>
          <p className="text-[11px] text-zinc-400">
            tool use <span className="font-mono text-emerald-200">{view.name}</span> <span className="text-zinc-500">id {view.id}</span>
          </p>
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words font-mono text-[11px] text-zinc-200">{view.input}</pre>
        </div>
      );
    case 'tool-result':
      return (
        <div className={box} aria-label={`Tool result for ${view.toolUseId}`}>
          <p className="text-[11px] text-zinc-400">
            tool result for <span className="font-mono text-zinc-300">{view.toolUseId}</span>
            {view.isError && <span className="ml-1 text-amber-300">(isError: true)</span>}
          </p>
          <ul className="mt-1 flex flex-col gap-1">
            {view.content.map((v, i) => (
              <li key={i}>
                <Block view={v} />
              </li>
            ))}
          </ul>
          {view.structured && <pre className="mt-1 whitespace-pre-wrap font-mono text-[11px] text-zinc-300">{view.structured}</pre>}
        </div>
      );
    case 'unknown':
      return (
        <div className={box}>
          <p className="text-amber-300">Unknown content type “{view.type}”</p>
          <pre className="whitespace-pre-wrap break-all font-mono text-[11px] text-zinc-300">{view.json}</pre>
        </div>
      );
  }
}

/** A thumbnail that opens the image at full size, with zoom, in an overlay. */
function ZoomableImage({ src, label }: { src: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={`Open ${label} at full size`}
        title="Open at full size, with zoom"
        className="block cursor-zoom-in"
        onClick={() => setOpen(true)}
      >
        <img src={src} alt={label} className="max-h-48 max-w-full" />
      </button>
      {open && <ImageViewer src={src} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The content item exactly as the server sent it (long base64 cut). */
function Source({ block }: { block: unknown }) {
  return (
    <details className="mt-0.5">
      <summary className="cursor-pointer text-[10px] text-zinc-500 hover:text-zinc-300">View source</summary>
      <pre
        aria-label="Content item source"
        className="max-h-60 overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-950 p-1 font-mono text-[10px] text-zinc-300"
      >
        {contentSource(block)}
      </pre>
    </details>
  );
}

/** A list of content blocks, each drawn by its type; nothing is ever rendered as HTML. */
export function ContentBlocks({ blocks, label }: { blocks: unknown; label: string }) {
  const list = Array.isArray(blocks) ? blocks : blocks === undefined ? [] : [blocks];
  return (
    <ul aria-label={label} className="flex flex-col gap-1">
      {list.map((b, i) => (
        <li key={i}>
          <Block view={blockView(b)} />
          <Source block={b} />
        </li>
      ))}
    </ul>
  );
}
