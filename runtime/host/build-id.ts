/**
 * Which build this is (vite.config.ts injects it: git short sha and build time). The preview shows it in
 * editor mode and reports it in its facts. The typeof guard keeps modules loadable without the define
 * (e.g. imported by a Node script).
 */
export const BUILD_ID: string = typeof __PORTAL_BUILD_ID__ === 'string' ? __PORTAL_BUILD_ID__ : 'unknown';
