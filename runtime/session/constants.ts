/**
 * The session's constants, each named once. docs/session.md explains what each one guards.
 * Seconds unless the name says MS.
 */

/** The countdown message appears when this many seconds (or fewer) are left. */
export const COUNTDOWN_THRESHOLD_SECONDS = 120;
/** The token is refreshed silently when it has this many seconds (or fewer) left. */
export const AUTO_REFRESH_THRESHOLD_SECONDS = 120;
/** With `stopRefresh` on, a session length at or below this disables extending (silent and manual). */
export const STOP_REFRESH_SESSION_LENGTH_SECONDS = 120;
/** How long the "session extended" confirmation stays. */
export const EXTENDED_MESSAGE_MS = 5000;
/** Activity events closer together than this count once. */
export const IDLE_THROTTLE_MS = 1000;
/** The monitor checks the session this often. */
export const MONITOR_INTERVAL_MS = 1000;
/** Session length (idle timeout) when none, or an unusable one, is given: 5 minutes. */
export const DEFAULT_SESSION_LENGTH_SECONDS = 5 * 60;
/** Lifetime of the unsigned tokens made for local development (createLocalDevToken). */
export const LOCAL_DEV_TOKEN_LIFETIME_SECONDS = 220;
/**
 * A token younger than this is never refreshed silently. A freshly issued token that is already
 * inside the auto-refresh window (a lifetime of 120 s or less, or a clock difference we have not
 * corrected) would otherwise be refreshed on every tick: a refresh loop against the auth service.
 */
export const MIN_TOKEN_AGE_SECONDS = 5;
