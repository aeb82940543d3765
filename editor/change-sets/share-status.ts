/** Share links as the change-set page lists them (docs/workflow.md#sharing-a-preview). */
import type { ShareRecord } from '../../schemas/contracts';

/** How long a new link lasts; the service allows 1 minute to 30 days. */
export const SHARE_DURATIONS = [
  { minutes: 60, label: '1 hour' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 7 * 24 * 60, label: '7 days' },
  { minutes: 30 * 24 * 60, label: '30 days' },
] as const;

export type ShareStatus = 'active' | 'expired' | 'revoked';

export function shareStatus(share: ShareRecord, now: number = Date.now()): ShareStatus {
  if (share.revokedAt) return 'revoked';
  return new Date(share.expiresAt).getTime() <= now ? 'expired' : 'active';
}

/** The service answers the /preview URL as a path; the person it is for needs it whole. */
export function absoluteShareUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}
