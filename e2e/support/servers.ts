/**
 * A spec file's servers beside its Loupe: each started before the file's first test and stopped
 * after its last, so a spec names what it needs instead of writing its own hooks.
 */
import { test } from '@playwright/test';
import { startEverything, startFixture, type RunningServer } from '../../proxy/transports/http/testing';
import { loupePerFile, type RunningLoupe } from './loupe';

export type { RunningServer };

/** server-everything over Streamable HTTP, the server most HTTP specs talk to. */
export const everythingHttp = () => startEverything('streamableHttp');
/** server-everything over the older HTTP+SSE transport. */
export const everythingSse = () => startEverything('sse');
/** A fixture server from e2e/fixtures/servers that misbehaves over HTTP on purpose. */
export const httpFixture = (name: string) => () => startFixture(name);

/** One Loupe and the named servers for a whole spec file; `servers.x` is set once the file starts. */
export function loupeWithServers<K extends string>(
  starts: Record<K, () => Promise<RunningServer>>,
  loupeArgs: string[] = [],
): { loupe: RunningLoupe; servers: Record<K, RunningServer> } {
  const servers = {} as Record<K, RunningServer>;
  const loupe = loupePerFile(loupeArgs);
  test.beforeAll(async () => {
    await Promise.all(
      (Object.keys(starts) as K[]).map(async (name) => {
        servers[name] = await starts[name]();
      }),
    );
  });
  test.afterAll(async () => {
    await Promise.all(Object.values<RunningServer>(servers).map((s) => s.stop()));
  });
  return { loupe, servers };
}
