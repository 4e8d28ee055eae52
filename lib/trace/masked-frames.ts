/**
 * Frames as the page is sent them: every credential the session's OAuth client held is masked
 * (`«redacted:oauth»`), through the same redaction as every export, and nothing else changes (the
 * built-in rules are off: the page shows the rest of the traffic exactly as it crossed).
 */
import type { Frame } from '../mcp/frame';
import { redactFrames, type RedactOptions } from './redact';
import { BUILTIN_RULE_IDS } from './redact-rules';
import { redactionInputs } from './redaction-inputs';

/** The redaction that masks only these credentials; undefined when there are none. Text other than
 *  frames that quotes them (a stored session's findings) is masked with the same options. */
export function credentialMask(credentials: readonly string[]): RedactOptions | undefined {
  if (credentials.length === 0) return undefined;
  return { secrets: redactionInputs({ oauth: credentials }), disabled: BUILTIN_RULE_IDS };
}

export function maskCredentials(frames: Frame[], credentials: readonly string[]): Frame[] {
  const mask = credentialMask(credentials);
  return mask ? redactFrames(frames, mask).frames : frames;
}
