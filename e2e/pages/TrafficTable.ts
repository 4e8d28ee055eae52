import { expect, type Locator } from '@playwright/test';

export interface RowFacts {
  seq: number;
  time: string;
  dir: string;
  kind: string;
  method: string;
  id: string;
  size: string;
  latency: string;
}

/** The seq cell may start with a severity mark; the number ends it. */
function seqOf(cell: string): number {
  return Number(/(\d+)$/.exec(cell)?.[1] ?? NaN);
}

/** The traffic grid: rows are read through their cells, in column order. */
export class TrafficTable {
  constructor(readonly grid: Locator) {}

  /** Data rows only (the header row has column headers, not cells). */
  rows(): Locator {
    return this.grid.getByRole('row').filter({ has: this.grid.page().getByRole('gridcell') });
  }

  async facts(row: Locator): Promise<RowFacts> {
    // A cell's label where it has one: the direction cell shows an arrow and is named in words.
    const cells = await row.getByRole('gridcell').evaluateAll((all) => all.map((c) => c.getAttribute('aria-label') ?? (c as HTMLElement).innerText.trim()));
    const [seq, time, dir, kind, method, id, size, latency] = cells;
    return { seq: seqOf(seq), time, dir, kind, method, id, size, latency };
  }

  /** Every rendered data row, read in one go so a live update cannot tear the snapshot. */
  async all(): Promise<RowFacts[]> {
    const cells = await this.grid
      .getByRole('row')
      .evaluateAll((rows) =>
        rows
          .map((r) => Array.from(r.querySelectorAll('[role="gridcell"]'), (c) => c.getAttribute('aria-label') ?? (c as HTMLElement).innerText.trim()))
          .filter((c) => c.length > 0),
      );
    return cells.map(([seq, time, dir, kind, method, id, size, latency]) => ({ seq: seqOf(seq), time, dir, kind, method, id, size, latency }));
  }

  /** The highest seq among the rendered rows. */
  async newestSeq(): Promise<number> {
    return Math.max(0, ...(await this.all()).map((r) => r.seq));
  }

  /**
   * Scrolls to the first row, as a person does to read how a session started: the table follows
   * the newest row, and a session that listed its offer on Connect has already pushed its
   * handshake out of the rows it renders. Scrolled up, the table stays put while frames arrive.
   */
  async scrollToTop(): Promise<void> {
    // While every row still fits (or the list overflows by less than a row, which counts as the
    // bottom), the top is the live end, and the frames that follow (the offer listed on Connect, a
    // server's notifications) rightly push the first row out of view: on a busy machine they came
    // after the scroll, and the rows read next were gone. So first wait for the burst to end.
    await this.quiet();
    // Scrolled again until it holds.
    await expect(async () => {
      await this.grid.evaluate((grid) => {
        grid.querySelector<HTMLElement>('[data-scroller]')!.scrollTop = 0;
      });
      // The first data row (the header is row 1) is rendered once the window moved.
      await expect(this.rows().first()).toHaveAttribute('aria-rowindex', '2', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  }

  /** Until no frame has arrived for `quietMs` (the row count held still), or 10 s passed. */
  private async quiet(quietMs = 400): Promise<void> {
    let count: string | null = null;
    let since = Date.now();
    await expect
      .poll(
        async () => {
          const now = await this.grid.getAttribute('aria-rowcount');
          if (now !== count) [count, since] = [now, Date.now()];
          return Date.now() - since >= quietMs;
        },
        { timeout: 10_000, intervals: [100] },
      )
      .toBe(true)
      .catch(() => {
        /* a session that never goes quiet: scroll up regardless, as before */
      });
  }

  /** Scrolls back to the newest row: the table follows the live end again. */
  async scrollToNewest(): Promise<void> {
    await this.grid.evaluate((grid) => {
      const scroller = grid.querySelector<HTMLElement>('[data-scroller]')!;
      scroller.scrollTop = scroller.scrollHeight;
    });
  }

  /** The first row whose kind and method match, waiting for it to arrive. */
  row(kind: string, method: string | RegExp): Locator {
    return this.rows()
      .filter({ has: this.grid.page().getByRole('gridcell', { name: kind, exact: true }) })
      .filter({ has: this.grid.page().getByRole('gridcell', { name: method, exact: typeof method === 'string' }) })
      .first();
  }

  async expectRow(kind: string, method: string | RegExp): Promise<RowFacts> {
    const row = this.row(kind, method);
    await expect(row).toBeVisible({ timeout: 20_000 });
    return this.facts(row);
  }
}
