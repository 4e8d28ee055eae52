/**
 * Frames as the page is sent them: every credential the session's OAuth client held is masked
 * (`«redacted:oauth»`), through the same redaction as every export, and nothing else changes (the
 * built-in rules are off: the page shows the rest of the traffic exactly as it crossed).
 */
import type { Frame } from '../mcp/frame';
import { redactFrames } from './redact';
import { BUILTIN_RULE_IDS } from './redact-rules';
import { redactionInputs } from './redaction-inputs';

export function maskCredentials(frames: Frame[], credentials: readonly string[]): Frame[] {
  if (credentials.length === 0) return frames;
  return redactFrames(frames, { secrets: redactionInputs({ oauth: credentials }), disabled: BUILTIN_RULE_IDS }).frames;
}
