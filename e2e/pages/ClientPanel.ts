/**
 * The page object for the MCP client panel of a session: feature tabs, generated forms, the
 * server's pending requests. Found by role and accessible name only.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { LoupePage, toolOptionIn } from './LoupePage';

/** The capability checkboxes a person ticks in Connect options before connecting (all on by default). */
export const ANSWERS_EVERYTHING = ['sampling', 'elicitation: form', 'roots', 'roots: listChanged'];

/** Ticks these client capabilities of a connection (and only adds: others stay as they are) for its next Connect. */
export async function chooseCapabilities(page: Page, labels: string[], connection = 'server-everything (reference server)'): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const caps = sidebar.getByRole('group', { name: `Connect options of ${connection}` }).getByRole('group', { name: 'Client capabilities' });
  if (!(await caps.isVisible())) await sidebar.getByRole('button', { name: `Connect options of ${connection}`, exact: true }).click();
  for (const label of labels) await caps.getByRole('checkbox', { name: label, exact: true }).check();
}

/** Opens Loupe, connects the built-in server-everything and shows the tools it listed on Connect. */
export async function connectEverything(page: Page, url: string): Promise<{ lp: LoupePage; client: ClientPanel }> {
  const lp = new LoupePage(page);
  await lp.open(url);
  await lp.connect('server-everything (reference server)');
  await lp.expectPhase('ready');
  const client = new ClientPanel(page);
  await client.showTools();
  return { lp, client };
}

export class ClientPanel {
  readonly root: Locator;
  readonly tabs: Locator;
  readonly serverRequests: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('complementary', { name: 'MCP client' });
    this.tabs = this.root.getByRole('tablist', { name: 'Client features' });
    this.serverRequests = this.root.getByRole('region', { name: 'Server requests' });
    this.result = this.root.getByRole('region', { name: 'Call result' });
  }

  async open(): Promise<void> {
    // The toggle and the panel render together, so once the toggle shows, its pressed state is the
    // panel's: right after a reload a restored panel is not closed by a click made too early.
    const toggle = this.page.getByRole('region', { name: 'Session status' }).getByRole('button', { name: 'Client', exact: true });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(this.root).toBeVisible();
  }

  async tab(name: 'Tools' | 'Resources' | 'Prompts' | 'Tasks' | 'Roots' | 'Pinned' | 'Utilities' | 'Listen'): Promise<void> {
    await this.open();
    await this.tabs.getByRole('tab', { name }).click();
  }

  /** The Tools tab, once the tools the session listed on Connect are shown. */
  async showTools(): Promise<void> {
    await this.tab('Tools');
    await expect(this.toolList).toBeVisible({ timeout: 20_000 });
  }

  /** Reads the tools again (the ↻ button), as a person would after changing the server. */
  async refreshTools(): Promise<void> {
    await this.tab('Tools');
    await this.root.getByRole('button', { name: 'Refresh tools' }).click();
    await expect(this.toolList).toBeVisible();
  }

  /** The tool list: every tool the search shows, one option each. */
  get toolList(): Locator {
    return this.root.getByRole('listbox', { name: 'Tool list' });
  }

  get toolOptions(): Locator {
    return this.toolList.getByRole('option');
  }

  toolOption(name: string): Locator {
    return toolOptionIn(this.root, name);
  }

  async pickTool(name: string): Promise<void> {
    await this.toolOption(name).click();
    await expect(this.toolOption(name)).toHaveAttribute('aria-selected', 'true');
    await expect(this.toolForm(name).or(this.root.getByText('No arguments.'))).toBeVisible();
  }

  toolForm(name: string): Locator {
    return this.root.getByRole('form', { name: `${name} arguments` });
  }

  async call(name: string): Promise<void> {
    await this.root.getByRole('button', { name: `Call ${name}` }).click();
  }
}
