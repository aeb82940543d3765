/**
 * The early-calls hand-off as the server's pages meet it (docs/rendering.md#the-customers-first-load): the customer
 * page's bundle loader (server/render/bundle-loader.ts) waits on the calls the inline script leaves under this name.
 */
export { EARLY_CALLS_GLOBAL } from '../host/early-handoff';
