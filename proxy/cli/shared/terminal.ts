/**
 * Where the CLI prints anything that may carry a server's text or a trace file's contents: such
 * text is shown, never obeyed by the terminal (lib/text/printable.ts). Single values that must
 * stay on one line (a server's name) take `printable` where they are put into a message.
 */
import { printableLines } from '../../../lib/text/printable';

/** A report on stdout, whole: its lines stay, escape sequences do not act. */
export function printReport(text: string): void {
  const safe = printableLines(text);
  process.stdout.write(safe.endsWith('\n') ? safe : safe + '\n');
}

/** One message on stderr, `loupe <command>: …` included. */
export function printError(message: string): void {
  process.stderr.write(printableLines(message) + '\n');
}

/** One message on stdout. */
export function printLine(message: string): void {
  process.stdout.write(printableLines(message) + '\n');
}
