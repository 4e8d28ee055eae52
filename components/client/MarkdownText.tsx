'use client';
import Markdown, { type Components } from 'react-markdown';
import { safeLinkUrl } from '../../lib/client/markdown-safety';

// Server text is untrusted: raw HTML is skipped (no rehype-raw), links follow only http(s) and
// mailto and open apart from the page, and images are never fetched (a remote image would tell
// the server's author who looked, and when): they are shown as their text and address.
const components: Components = {
  a: ({ href, children }) => {
    const url = href ? safeLinkUrl(href) : undefined;
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-300 underline">
        {children}
      </a>
    ) : (
      <span className="text-zinc-300 underline decoration-dotted" title={href ? `not a link Loupe follows: ${href}` : undefined}>
        {children}
      </span>
    );
  },
  img: ({ alt, src }) => (
    <span className="rounded bg-zinc-800 px-1 text-zinc-400" title="images in markdown are not loaded">
      [image: {alt || 'no description'}
      {typeof src === 'string' ? ` · ${src}` : ''}]
    </span>
  ),
};

const styles = [
  'break-words text-[12px] leading-relaxed text-zinc-200',
  '[&_h1]:mt-2 [&_h1]:text-sm [&_h1]:font-semibold [&_h2]:mt-2 [&_h2]:text-[13px] [&_h2]:font-semibold [&_h3]:mt-1 [&_h3]:font-semibold',
  '[&_p]:my-1 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-2 [&_blockquote]:border-zinc-700 [&_blockquote]:pl-2 [&_blockquote]:text-zinc-400',
  '[&_code]:rounded [&_code]:bg-zinc-800 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[11px] [&_pre]:my-1 [&_pre]:overflow-auto [&_pre]:rounded [&_pre]:bg-zinc-900 [&_pre]:p-2 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:my-1 [&_td]:border [&_td]:border-zinc-800 [&_td]:px-1 [&_th]:border [&_th]:border-zinc-800 [&_th]:px-1 [&_hr]:my-2 [&_hr]:border-zinc-800',
].join(' ');

/** Markdown from a server, rendered without HTML. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <div role="document" aria-label="Rendered markdown" className={styles}>
      <Markdown skipHtml components={components}>
        {text}
      </Markdown>
    </div>
  );
}
