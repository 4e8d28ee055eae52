import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const EVERYTHING_ARGS = [path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'];
export const FLOOD_SERVER = path.join(ROOT, 'e2e/fixtures/servers/flood.mjs');
