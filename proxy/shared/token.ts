import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh access token per launch: 32 random bytes, URL-safe. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison. Both sides are hashed first so the compared buffers always have equal
 * length: timingSafeEqual would throw on unequal lengths, and an early length check would leak it.
 */
export function tokensMatch(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
