import { TraceViewer } from '../../components/trace/TraceViewer';
import { EMBED_PLACEHOLDER } from '../../lib/render/embed';
import { LOUPE_VERSION } from '../../lib/version';

export const metadata = { title: 'Loupe trace viewer' };

/** The viewer needs no proxy: the static export of this route opens trace files on its own. */
export default function ViewerPage() {
  return (
    <>
      <TraceViewer loupeVersion={LOUPE_VERSION} />
      {/* The slot a self-contained export fills with the trace (see components/trace/embedded.ts). */}
      <div hidden dangerouslySetInnerHTML={{ __html: EMBED_PLACEHOLDER }} />
    </>
  );
}
