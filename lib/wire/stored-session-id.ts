/**
 * A stored session's id: `20261206-154501-3fa9c1` (start time, then six hex digits). On its own,
 * without a schema library: the stdio tap names its session before it starts the host's server,
 * and loading zod there would hold up the server's first byte by as long as the rest of the tap.
 */
export const STORED_SESSION_ID = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

/** What a person reads when an id is not one. */
export const NOT_A_STORED_SESSION_ID = 'not a stored session id: they look like 20261206-154501-3fa9c1';
