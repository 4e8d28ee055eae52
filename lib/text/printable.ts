/**
 * Untrusted text (a server's name, its messages, a trace file's contents) made safe to print
 * where it would otherwise act rather than show: a terminal obeys escape sequences (ESC ] 0 sets
 * the window title, ESC ] 52 writes the clipboard, CSI moves the cursor or clears the screen),
 * C1 controls are the same commands in one character, a carriage return overwrites the line
 * already printed, and bidirectional overrides reorder what the reader sees.
 *
 * Each such character becomes a visible JSON-style escape (`\u001b`, `\r`). JSON text stays valid
 * JSON with the same value, since these are JSON's own escapes and none of the characters may
 * appear raw outside a string. Backslashes are left alone, so that holds for any JSON text.
 */

// C0 controls, DEL and C1 controls; the Arabic letter mark, LRM/RLM, line and paragraph
// separators, and the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same, but tab and line feed pass: for reports of several lines.
// eslint-disable-next-line no-control-regex
const UNSAFE_KEEPING_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function escape(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One line of untrusted text: every control character escaped, line breaks included. */
export function printable(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** Text of several lines (a report, a message): as `printable`, but tabs and line feeds stay. */
export function printableLines(text: string): string {
  return text.replace(UNSAFE_KEEPING_LINES, escape);
}
