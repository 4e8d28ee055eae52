/**
 * `loupe.openApp(tool, args)`: a tool with an MCP App, called from the page's Tools tab as a person
 * calls it, its app rendered in the client panel's Apps pane, and a handle on both sides of it: the
 * app's own document (inside the sandbox's proxy frame) to click in, and its bridge messages as the
 * session's trace recorded them on the app's channel (`app:<n>`).
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import type { Frame } from '../../lib/mcp/frame';
import { isAppChannel } from '../../lib/mcp/channel';

/** Who sent a bridge message: the app (the View) or the host (Loupe's page). */
export type AppDirection = 'app-to-host' | 'host-to-app';

export interface AppMessage {
  /** The frame's sequence number in the session's trace. */
  seq: number;
  direction: AppDirection;
  /** The method of a request or notification; undefined for an answer. */
  method?: string;
  /** The JSON-RPC id of a request or an answer. */
  id?: string | number | null;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  /** The message exactly as it crossed the bridge. */
  raw: string;
}

export interface OpenAppOptions {
  /** How long the call and the app's start may take (ms, default 30 000). */
  timeoutMs?: number;
}

export interface WaitForMessageOptions {
  direction?: AppDirection;
  /** ms, default 10 000 */
  timeout?: number;
}

/** The bridge messages of one app channel, in trace order (the host's app events on the lifecycle lane left out). */
export function appMessagesOf(frames: readonly Frame[], channel: string): AppMessage[] {
  const messages: AppMessage[] = [];
  for (const f of frames) {
    if (f.channel !== channel || f.lane !== 'message' || f.dir === 'local') continue;
    let json: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(f.raw);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      // Kept with its raw text: a message the bridge could not parse is still one the app sent.
    }
    const m: AppMessage = { seq: f.seq, direction: f.dir === 'c2s' ? 'app-to-host' : 'host-to-app', raw: f.raw };
    if (typeof json.method === 'string') m.method = json.method;
    if ('id' in json) m.id = json.id as AppMessage['id'];
    if ('params' in json) m.params = json.params;
    if ('result' in json) m.result = json.result;
    if ('error' in json) m.error = json.error as AppMessage['error'];
    messages.push(m);
  }
  return messages;
}

const CHANNEL_TEXT = /channel (app:\d+)/;

/** The channels of the apps of `tool` the pane shows now. */
async function shownChannels(apps: Locator): Promise<Set<string>> {
  const texts = await apps.allTextContents();
  return new Set(texts.map((t) => CHANNEL_TEXT.exec(t)?.[1]).filter((c): c is string => c !== undefined));
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`loupe/test: ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Calls `tool` with `args` from the page's Tools tab and resolves with the app that call rendered, once it runs. */
export async function openAppInPage(
  page: Page,
  trace: () => Promise<Frame[]>,
  tool: string,
  args: Record<string, unknown>,
  options: OpenAppOptions = {},
): Promise<AppHandle> {
  const timeout = options.timeoutMs ?? 30_000;
  const panel = page.getByRole('complementary', { name: 'MCP client' });
  // The toggle and the panel render together: once the toggle shows, its pressed state is the panel's.
  const toggle = page.getByRole('region', { name: 'Session status' }).getByRole('button', { name: 'Client', exact: true });
  await toggle.waitFor({ state: 'visible', timeout });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await panel.waitFor({ state: 'visible', timeout });
  await panel.getByRole('tablist', { name: 'Client features' }).getByRole('tab', { name: 'Tools' }).click();
  const list = panel.getByRole('listbox', { name: 'Tool list' });
  // A session the kit opened has not listed its tools yet: list them, as a person would (↻ List).
  if (!(await list.isVisible())) await panel.getByRole('button', { name: 'Refresh tools', exact: true }).click();
  // An option is named by the tool's name, then its title after a dash.
  const option = list.getByRole('option', { name: new RegExp(`^${tool.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( — .*)?$`) });
  await option.waitFor({ state: 'visible', timeout }).catch(() => {
    throw new Error(`loupe/test: the Tools tab lists no tool "${tool}" (a tool with an app is listed to hosts that declare the MCP Apps extension)`);
  });
  await option.click();
  // The raw JSON, not the generated form: any arguments, exactly as given.
  await panel.getByRole('radiogroup', { name: 'Arguments editor' }).getByRole('radio', { name: 'JSON only' }).click();
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args));
  const apps = panel.getByRole('article', { name: `App ${tool}`, exact: true });
  const before = await shownChannels(apps);
  await panel.getByRole('button', { name: `Call ${tool}`, exact: true }).click();
  const channel = await until(`no app of ${tool} appeared after its call (does the tool name a ui:// resource in _meta.ui.resourceUri?)`, timeout, async () =>
    [...(await shownChannels(apps))].find((c) => !before.has(c)),
  );
  const article = apps.filter({ hasText: new RegExp(`channel ${channel}(?!\\d)`) });
  const status = article.getByRole('status', { name: 'App status' });
  await until(`the app of ${tool} on ${channel} did not start`, timeout, async () =>
    (await status.textContent({ timeout: 1_000 }).catch(() => null))?.startsWith('running') ? true : undefined,
  ).catch(async (e: Error) => {
    throw new Error(`${e.message} (its status: ${(await status.textContent({ timeout: 1_000 }).catch(() => null)) ?? 'gone'})`);
  });
  return new AppHandle(article, tool, channel, trace);
}

export class AppHandle {
  /** The app's own document, inside the sandbox's proxy frame. */
  readonly frame: FrameLocator;

  constructor(
    /** The app's card in the Apps pane (its status, host context, CSP). */
    readonly card: Locator,
    readonly tool: string,
    /** The app's channel in the session's trace, `app:<n>`. */
    readonly channel: string,
    private readonly trace: () => Promise<Frame[]>,
  ) {
    if (!isAppChannel(channel)) throw new Error(`loupe/test: ${channel} is not an app channel`);
    this.frame = card.frameLocator(`iframe[title="MCP App ${tool}"]`).frameLocator('iframe[title="MCP App"]');
  }

  /** The app's bridge messages the session recorded so far, in order. */
  async messages(): Promise<AppMessage[]> {
    return appMessagesOf(await this.trace(), this.channel);
  }

  /** The first `method` message on this app's bridge (already recorded or still to come). */
  waitForMessage(method: string, options: WaitForMessageOptions = {}): Promise<AppMessage> {
    const { direction, timeout = 10_000 } = options;
    const what = `${this.channel} carried no ${method}${direction ? ` ${direction}` : ''} message`;
    return until(what, timeout, async () => (await this.messages()).find((m) => m.method === method && (!direction || m.direction === direction)));
  }

  /** Closes the app as a person does (its Close button); the host tears the bridge down. */
  async close(): Promise<void> {
    await this.card.getByRole('button', { name: `Close App ${this.tool}`, exact: true }).click();
    await this.card.waitFor({ state: 'detached' });
  }
}
