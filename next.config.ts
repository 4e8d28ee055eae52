import type { NextConfig } from 'next';

// The page is a static client app: the proxy serves it from `out/` on the same origin as its
// WebSocket, and the same files open a saved trace with no proxy at all.
const config: NextConfig = {
  output: 'export',
  reactStrictMode: true,
  images: { unoptimized: true },
  devIndicators: false,
  // `npm test` typechecks the whole tree with tsc before it builds; checking again here would
  // only slow the first `npm start`.
  typescript: { ignoreBuildErrors: true },
};

export default config;
