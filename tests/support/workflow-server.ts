/**
 * The server the editorial workflow's specs use: the third one scripts/e2e-server.mjs starts, on E2E_PORT + 2,
 * with approval on (REQUIRE_APPROVAL=1), so a change set needs someone else's approval before it is published.
 * The main server (E2E_PORT) runs with approval off for the specs that publish single documents.
 */
export const WORKFLOW_PORT = Number(process.env.E2E_PORT ?? 4319) + 2;
export const WORKFLOW_URL = `http://127.0.0.1:${WORKFLOW_PORT}`;

/** The demo users e2e-server.mjs creates, one per role. */
export const WORKFLOW_USERS = {
  editor: { username: 'content-manager', password: 'editor-pass-123' },
  viewer: { username: 'product-owner', password: 'viewer-pass-123' },
  approver: { username: 'approver', password: 'approver-pass-123' },
} as const;
