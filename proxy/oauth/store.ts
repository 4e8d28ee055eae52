/**
 * Where OAuth credentials persist between runs: `oauth.json` in the config dir, mode 0600 (the
 * folder 0700), keyed by the MCP server's URL. It holds tokens and client secrets, so it is never
 * sent to the page and never exported; traces carry only what crossed the wire, redacted.
 */
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { makeDirs } from '../shared/make-dirs';
import path from 'node:path';
import type { ClientIdentity, Tokens } from './token';

export interface SavedCredentials {
  tokens?: Tokens;
  identity?: ClientIdentity;
  /** The token endpoint and issuer, so that a saved refresh token can be used before discovery. */
  tokenEndpoint?: string;
  issuer?: string;
}

export interface CredentialStore {
  load(): SavedCredentials | undefined;
  save(c: SavedCredentials): void;
}

export function oauthFile(configDir: string): string {
  return path.join(configDir, 'oauth.json');
}

function readAll(file: string): Record<string, SavedCredentials> {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, SavedCredentials>) : {};
  } catch {
    return {}; // absent or unreadable: start afresh (the file is rewritten whole on save)
  }
}

/** The credentials of one server in `configDir`. */
export function fileCredentialStore(configDir: string, serverUrl: string): CredentialStore {
  const file = oauthFile(configDir);
  return {
    load: () => readAll(file)[serverUrl],
    save(c) {
      makeDirs(configDir, 0o700);
      const all = readAll(file);
      all[serverUrl] = c;
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(all, null, 2) + '\n', { mode: 0o600 });
      chmodSync(tmp, 0o600);
      renameSync(tmp, file);
    },
  };
}
