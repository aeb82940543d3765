/**
 * The contracts between the layers: what runtime/, editor/, server/ and mocks/ say to each other over
 * HTTP and postMessage, and the names they share. Each of those imports them from here and never from
 * another's internals. Pure types and small pure helpers: no React, no fetch, no Node built-ins.
 */
export * from './config-api';
export * from './api-calls';
export * from './api-errors';
export * from './manifest';
export * from './page-kinds';
export * from './workflow-api';
// The preview protocol (./preview-protocol) and the /preview URL's parameters (./preview-params) are imported
// from their own files: their guards and parsers are code that only the editor and the lazily loaded /preview
// screen run, and re-exported here they would join the customer portal's first load, which imports this index
// (the protocol alone was +1.1 KB gzip, measured with VITE_MOCKS=off vite build).
