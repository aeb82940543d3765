/**
 * What /preview does with the destination the session chose after logout (logoutDestination in runtime/session:
 * the login page, or with `pensionLogout` the pension provider's logout page; docs/rules.md#logout). A page of
 * this site becomes the preview's login page as a visitor; another site is left for, as the portal does
 * (docs/preview-url.md#logout).
 */
export type PreviewLogoutStep = { kind: 'login-page' } | { kind: 'leave'; url: string };

export function previewLogoutStep(destination: string, origin: string): PreviewLogoutStep {
  const url = new URL(destination, origin);
  return url.origin === origin ? { kind: 'login-page' } : { kind: 'leave', url: url.href };
}
