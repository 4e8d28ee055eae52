/** The page object for a stored session's window tab (Browse in History). */
import { expect, type Locator, type Page } from '@playwright/test';
import { TrafficTable } from './TrafficTable';

export class StoredWindow {
  readonly table: TrafficTable;
  readonly header: Locator;
  readonly detail: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.table = new TrafficTable(page.getByRole('grid', { name: 'Stored frames' }));
    this.header = page.getByRole('region', { name: 'Session status' });
    this.detail = page.getByRole('complementary', { name: 'Frame detail' });
    this.search = page.getByRole('search', { name: 'Search the stored session' });
  }

  /** The row of a seq, once rendered. */
  row(seq: number): Locator {
    return this.table.rows().filter({ has: this.page.getByRole('gridcell', { name: String(seq), exact: true }) });
  }

  /** How many rows the window holds (the grid's row count less its header row). */
  async held(): Promise<number> {
    return Number(await this.table.grid.getAttribute('aria-rowcount')) - 1;
  }

  async seqs(): Promise<number[]> {
    return (await this.table.all()).map((r) => r.seq);
  }

  async goTo(seq: number): Promise<void> {
    await this.page.getByRole('spinbutton', { name: 'Go to seq' }).fill(String(seq));
    await this.page.getByRole('spinbutton', { name: 'Go to seq' }).press('Enter');
    await expect(this.row(seq)).toHaveAttribute('aria-selected', 'true');
  }

  async scrollToTop(): Promise<void> {
    await this.table.grid.evaluate((grid) => {
      grid.querySelector<HTMLElement>('[data-scroller]')!.scrollTop = 0;
    });
  }
}
