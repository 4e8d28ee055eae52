/**
 * Sizes as people read them, in one convention everywhere (the traffic table, the HTTP exchange,
 * content blocks, the tap list, the trace reader's limits): binary multiples with their IEC names,
 * matching how the limits are set (`--session-budget 256MiB`).
 */
const UNITS = ['KiB', 'MiB', 'GiB'];

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
