/**
 * Element boxes for the layout specs: what a person sees is what the assertions measure.
 */
import { expect, type Locator } from '@playwright/test';

export type Box = { x: number; y: number; width: number; height: number };

export const LAYOUT_SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

export async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b, 'the element has a box').not.toBeNull();
  return b!;
}

/** The inner box lies within the outer one (a pixel of rounding allowed). */
export function expectInside(inner: Box, outer: Box, what: string): void {
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.y, `${what}: top edge`).toBeGreaterThanOrEqual(outer.y - 1);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(outer.x + outer.width + 1);
  expect(inner.y + inner.height, `${what}: bottom edge`).toBeLessThanOrEqual(outer.y + outer.height + 1);
}

/** The element shows all of its text: nothing is cut by an ellipsis or by its box. */
export async function expectNotClipped(l: Locator): Promise<void> {
  const { sw, cw, sh, ch } = await l.evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth, sh: el.scrollHeight, ch: el.clientHeight }));
  expect(sw, `${await l.innerText()}: width of its text within its box`).toBeLessThanOrEqual(cw + 1);
  expect(sh, `${await l.innerText()}: height of its text within its box`).toBeLessThanOrEqual(ch + 1);
}
