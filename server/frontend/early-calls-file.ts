/**
 * Where the customer build leaves the inline early-calls script (runtime/host/early-calls.ts compiled to a classic
 * script, docs/rendering.md#the-customers-first-load): vite.config.ts writes it there, the static frontend reads
 * it. Only the customer build (VITE_MOCKS=off) writes it, so its presence is how the server knows it may inline it:
 * in a mocks build a call made before the mock worker intercepts would reach the real network.
 */
export const EARLY_CALLS_FILE = 'early-calls.inline.js';
