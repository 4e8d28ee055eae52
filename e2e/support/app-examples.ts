/** The ext-apps SDK's example servers in a spec: connected over stdio, their frames read by method, their bridge judged. */
import type { FrameLocator, Page } from '@playwright/test';
import path from 'node:path';
import type { Frame } from '../../lib/mcp/frame';
import { modelOf } from '../../lib/model/session-model';
import { ClientPanel } from '../pages/ClientPanel';
import { LoupePage } from '../pages/LoupePage';
import { repoRoot } from './loupe';

/** The stdio entry of an installed example server (`server-basic-react`, `server-pdf`, …). */
export const exampleServer = (name: string) => path.join(repoRoot, `node_modules/@modelcontextprotocol/${name}/dist/index.js`);

/** Adds and connects a connection that runs `server` over stdio (more arguments after `--stdio`), and shows its tools. */
export async function connectExample(page: Page, loupeUrl: string, name: string, server: string, extraArgs: string[] = []): Promise<ClientPanel> {
  const lp = new LoupePage(page);
  await lp.open(loupeUrl);
  await lp.addConnection({ name, command: process.execPath, args: [exampleServer(server), '--stdio', ...extraArgs] });
  await lp.connect(name);
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  return client;
}

/** The app's own document, inside the sandbox proxy frame of the app rendered for `toolName`. */
export const appView = (page: Page, toolName: string): FrameLocator =>
  page.frameLocator(`iframe[title="MCP App ${toolName}"]`).frameLocator('iframe[title="MCP App"]');

const parsed = (f: Frame): { method?: string; params?: { name?: string } } => {
  try {
    return JSON.parse(f.raw) as { method?: string };
  } catch {
    return {};
  }
};
export const methodOf = (f: Frame): string | undefined => parsed(f).method;
export const toolNameOf = (f: Frame): string | undefined => parsed(f).params?.name;

/** The session's app.* and host.* findings, as the analyser gives them for the whole trace. */
export const bridgeFindings = (frames: Frame[]) =>
  modelOf(frames)
    .annotations.filter((a) => /^(app|host)\./.test(a.rule))
    .map((a) => `${a.rule}: ${a.message}`);
