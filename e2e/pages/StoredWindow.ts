/** The page object for a stored session's window tab (Browse in History). */
import { expect, type Locator, type Page } from '@playwright/test';
import { TrafficTable } from './TrafficTable';

export class StoredWindow {
  readonly table: TrafficTable;
  readonly header: Locator;
  readonly detail: Locator;
  readonly search: Locator;
  /** The Sequence view's diagram of the rows held. */
  readonly diagram: Locator;

  constructor(readonly page: Page) {
    this.table = new TrafficTable(page.getByRole('grid', { name: 'Stored frames' }));
    this.header = page.getByRole('region', { name: 'Session status' });
    this.detail = page.getByRole('complementary', { name: 'Frame detail' });
    this.search = page.getByRole('search', { name: 'Search the stored session' });
    this.diagram = page.getByRole('listbox', { name: 'Sequence diagram' });
  }

  /** Shows the Traffic or the Sequence view of the rows held. */
  async show(view: 'Traffic' | 'Sequence'): Promise<void> {
    const tab = this.page.getByRole('tablist', { name: 'Browse views' }).getByRole('tab', { name: view });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /** The diagram's arrow (or mark) of a seq, once drawn. */
  arrow(seq: number): Locator {
    return this.diagram.locator(`[data-seq="${seq}"]`);
  }

  /** The first and last seq the window holds, from its position line ("rows #a–#b (n held)"). */
  async heldRange(): Promise<[number, number]> {
    const text = await this.page.getByText(/^rows #[\d,]+–#[\d,]+ \([\d,]+ held\)$/).textContent();
    const [, a, b] = /#([\d,]+)–#([\d,]+)/.exec(text!)!;
    return [Number(a.replace(/,/g, '')), Number(b.replace(/,/g, ''))];
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

  /** Goes to a seq; `view`: the view whose row of it must then be selected. */
  async goTo(seq: number, view: 'table' | 'diagram' = 'table'): Promise<void> {
    await this.page.getByRole('spinbutton', { name: 'Go to seq' }).fill(String(seq));
    await this.page.getByRole('spinbutton', { name: 'Go to seq' }).press('Enter');
    await expect(view === 'table' ? this.row(seq) : this.arrow(seq)).toHaveAttribute('aria-selected', 'true');
  }

  async scrollToTop(): Promise<void> {
    await this.table.grid.evaluate((grid) => {
      grid.querySelector<HTMLElement>('[data-scroller]')!.scrollTop = 0;
    });
  }
}
