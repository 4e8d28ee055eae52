/**
 * The dashboard's policy lets it connect only to its own origin, so a `?trace=URL` elsewhere is
 * fetched by the proxy (`/remote-trace`, which needs the token like every route that acts). The
 * token goes in a header, never in a URL that could end up in a log.
 */
import { peekToken } from '../../lib/browser/token';
import { fetchDirectly, type TraceFetch } from './loadTrace';

export const fetchTraceThroughProxy: TraceFetch = (url) => {
  if (url.origin === window.location.origin) return fetchDirectly(url);
  const token = peekToken();
  return fetch(`/remote-trace?url=${encodeURIComponent(url.href)}`, {
    credentials: 'omit',
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
};
