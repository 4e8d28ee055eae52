/**
 * Golden traces edited on purpose, shared by the CLI's unit tests and the page's e2e tests so both
 * compare the same change.
 */

/** The golden server-everything trace with the echo tool's `message` argument turned from a string into a number. */
export function withEchoMessageAsNumber(trace: string): string {
  return trace
    .split('\n')
    .map((line) => {
      if (!line.includes('"seq":9,')) return line;
      const f = JSON.parse(line);
      const j = JSON.parse(f.raw);
      j.result.tools.find((t: { name: string }) => t.name === 'echo').inputSchema.properties.message.type = 'number';
      return JSON.stringify({ ...f, raw: JSON.stringify(j) });
    })
    .join('\n');
}
