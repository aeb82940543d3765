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
export * from './preview-protocol';
