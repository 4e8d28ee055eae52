/** Sizes given on the command line or in the environment (budgets). */
const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1000,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1000 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1000 ** 3,
  gib: 1024 ** 3,
};

/** Reads `256MiB`, `64m`, `1GiB`, `1000000`; a string return is the message for a bad value. */
export function parseByteSize(text: string): number | string {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? UNITS[m[2].toLowerCase()] : undefined;
  if (!m || unit === undefined) return `"${text}" is not a size: write a number of bytes, or one with a unit such as 64MiB, 512MB or 1GiB`;
  const bytes = Math.floor(Number(m[1]) * unit);
  if (bytes < 1024 * 1024) return `"${text}" is too small for a session budget: give at least 1MiB`;
  return bytes;
}
