import { Fragment, type HTMLAttributes } from 'react';
import { uriBreakParts } from '../../lib/text/uri-breaks';

/** A URI as code that wraps at its own boundaries (after / ? & = #), never inside a plain word;
 *  only a single part longer than the line is broken anywhere. */
export function BreakableUri({ uri, className = '', ...rest }: { uri: string } & HTMLAttributes<HTMLElement>) {
  return (
    <code className={`[overflow-wrap:anywhere] ${className}`} {...rest}>
      {uriBreakParts(uri).map((part, i) => (
        <Fragment key={i}>
          {part}
          <wbr />
        </Fragment>
      ))}
    </code>
  );
}
