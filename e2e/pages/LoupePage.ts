/**
 * The page object for Loupe's dashboard. Everything is found by accessible role and name: the
 * aria labels are the contract between the page and these tests.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { TrafficTable } from './TrafficTable';

export class LoupePage {
  readonly sidebar: Locator;
  readonly connections: Locator;
  readonly sessions: Locator;
  readonly sessionTabs: Locator;
  readonly status: Locator;
  readonly traffic: TrafficTable;
  readonly detail: Locator;
  readonly tools: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    this.connections = page.getByRole('list', { name: 'Connections' });
    this.sessions = page.getByRole('list', { name: 'Sessions' });
    this.sessionTabs = page.getByRole('tablist', { name: 'Open sessions' });
    this.status = page.getByRole('region', { name: 'Session status' });
    this.traffic = new TrafficTable(page.getByRole('grid', { name: 'Traffic' }));
    this.detail = page.getByRole('complementary', { name: 'Frame detail' });
    this.tools = page.getByRole('complementary', { name: 'MCP client' });
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.connections.getByRole('listitem').first()).toBeVisible();
  }

  /** Presses a connection's Connect, or its New session when a session to it is already open. */
  async connect(name: string | RegExp): Promise<void> {
    const exactly = (s: string) => new RegExp(`^Connect ${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( again \\(new session\\))?$`);
    const button = typeof name === 'string' ? this.page.getByRole('button', { name: exactly(name) }) : this.connections.getByRole('button', { name });
    const tabs = this.sessionTabs.getByRole('tab');
    const before = await tabs.count();
    await button.click();
    // The new session's tab opens once the proxy has answered. Until then the tab shown before
    // stays, with its header, its phase and its client panel: what comes next would act on that
    // session, and then lose it mid-action when the new tab replaces it.
    await expect(tabs).toHaveCount(before + 1);
    await expect(tabs.nth(before)).toHaveAttribute('aria-selected', 'true');
    await expect(this.status).toBeVisible();
  }

  async expectPhase(phase: string): Promise<void> {
    await expect(this.status.getByText(phase, { exact: true })).toBeVisible({ timeout: 20_000 });
  }

  /** A fact of the session header (version, server, pid, transport): its value as text. */
  fact(name: string): Locator {
    return this.status.getByRole('group', { name, exact: true }).getByRole('definition');
  }

  async pid(): Promise<number> {
    return Number((await this.fact('pid').innerText()).trim());
  }

  /** Opens the client panel on its Tools tab, once the tools the session listed on Connect are shown. */
  async showTools(): Promise<void> {
    const toggle = this.status.getByRole('button', { name: 'Client', exact: true });
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await this.tools.getByRole('tablist', { name: 'Client features' }).getByRole('tab', { name: 'Tools' }).click();
    // A server may list no tools at all: then the tab says so instead of offering a list.
    await expect(this.tools.getByRole('listbox', { name: 'Tool list' }).or(this.tools.getByText('The server listed no tools.'))).toBeVisible({
      timeout: 20_000,
    });
  }

  /** A tool's line in the client panel's tool list (its name, then its title when it has one). */
  toolOption(name: string): Locator {
    return toolOptionIn(this.tools, name);
  }

  async callTool(name: string, args: unknown): Promise<void> {
    await this.toolOption(name).click();
    await this.tools.getByRole('radio', { name: 'JSON' }).check();
    await this.tools.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args));
    await this.tools.getByRole('button', { name: `Call ${name}` }).click();
    await expect(this.tools.getByRole('region', { name: 'Call result' })).toBeVisible();
  }

  /** Adds connections the way a host's config holds them, through Import mcpServers JSON. */
  async importServers(mcpServers: Record<string, unknown>): Promise<void> {
    const dialog = await this.openDialog('Import mcpServers JSON');
    await dialog.getByRole('textbox').fill(JSON.stringify({ mcpServers }));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog).toBeHidden();
    for (const name of Object.keys(mcpServers)) await expect(this.connections.getByRole('listitem', { name, exact: true })).toBeVisible();
  }

  /**
   * Presses a sidebar button that opens the dialog of the same name, until it is open: the sidebar
   * may still be growing as the connections and sessions arrive, and a click aimed at a button
   * that moved between Playwright's stability check and its click lands on what took its place.
   */
  private async openDialog(name: string): Promise<Locator> {
    const dialog = this.page.getByRole('dialog', { name });
    await expect(async () => {
      if (!(await dialog.isVisible())) await this.sidebar.getByRole('button', { name }).click({ timeout: 5_000 });
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    return dialog;
  }

  /** Adds a stdio connection through the New connection form. */
  async addConnection(c: { name: string; command: string; args?: string[]; env?: Record<string, string> }): Promise<void> {
    const form = await this.openDialog('New connection');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(c.name);
    await form.getByRole('textbox', { name: 'Command', exact: true }).fill(c.command);
    for (const [i, arg] of (c.args ?? []).entries()) {
      await form.getByRole('button', { name: 'Add argument' }).click();
      await form.getByRole('textbox', { name: `Argument ${i + 1}`, exact: true }).fill(arg);
    }
    for (const [i, [key, value]] of Object.entries(c.env ?? {}).entries()) {
      await form.getByRole('button', { name: 'Add variable' }).click();
      await form.getByRole('textbox', { name: `Variable ${i + 1} name`, exact: true }).fill(key);
      await form.getByRole('textbox', { name: `Variable ${i + 1} value`, exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Save connection' }).click();
    await expect(form).toBeHidden();
    await expect(this.connections.getByRole('listitem', { name: c.name })).toBeVisible();
  }

  /** Sets a saved connection's request timeout in its Connect options (the session's timeout). */
  async setRequestTimeout(connection: string, ms: number): Promise<void> {
    const row = this.connections.getByRole('listitem', { name: connection, exact: true });
    const toggle = row.getByRole('button', { name: `Connect options of ${connection}`, exact: true });
    const settings = row.getByRole('group', { name: `Connect options of ${connection}` }).getByRole('group', { name: 'Client settings' });
    if (!(await settings.isVisible())) await toggle.click();
    await settings.getByRole('textbox', { name: 'Request timeout (ms)' }).fill(String(ms));
    await expect(settings.getByRole('textbox', { name: 'Request timeout (ms)' })).toHaveValue(String(ms));
    await toggle.click();
  }

  /** The total in the traffic toolbar ("123 frames" or "4 of 123 frames"). */
  async frameCount(): Promise<number> {
    const text = await this.page.getByText(/^(\d+ of )?\d+ frames$/).innerText();
    return Number(/(\d+) frames$/.exec(text)?.[1] ?? NaN);
  }

  async disconnect(): Promise<void> {
    await this.status.getByRole('button', { name: 'Disconnect' }).click();
  }

  /** Keeps a handle on the page's WebSockets (installed before the page loads) for dropLink. */
  async watchSockets(): Promise<void> {
    await this.page.addInitScript(() => {
      const Native = window.WebSocket;
      const seen: WebSocket[] = [];
      (window as unknown as { __loupeSockets: WebSocket[] }).__loupeSockets = seen;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          seen.push(this);
        }
      };
    });
  }

  /** How many WebSockets the page has opened since it loaded. */
  async socketsOpened(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __loupeSockets: WebSocket[] }).__loupeSockets.length);
  }

  /** Cuts the page's link to the proxy, as a network blip or a sleeping laptop would. */
  async dropLink(): Promise<void> {
    await this.page.evaluate(() => {
      for (const ws of (window as unknown as { __loupeSockets: WebSocket[] }).__loupeSockets) ws.close();
    });
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screens/${name}.png` });
  }
}

/** The line of the tool `name` in a tool list: its accessible name is the name, or "name — title". */
export function toolOptionIn(scope: Locator, name: string): Locator {
  const exact = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('listbox', { name: 'Tool list' }).getByRole('option', { name: new RegExp(`^${exact}( — .*)?$`) });
}
