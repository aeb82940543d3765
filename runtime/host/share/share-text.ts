/** The words of /preview?share= (docs/workflow.md#sharing-a-preview), decided here so the screen only lays them out. */
import type { ErrorCode } from '../../../schemas/contracts';
import type { ShareLoad } from './get-shared-change-set';

/** The refusals a reader of a link meets, each with its own title; any other code gets the general one. */
const REFUSAL_TITLES: { [code in ErrorCode]?: string } = {
  'share-expired': 'This preview link has expired',
  'share-revoked': 'This preview link was withdrawn',
  'share-invalid': 'This preview link is not valid',
  'rate-limited': 'Too many previews opened from here',
};

/** In UTC, named as such: the reader of a shared link may be anywhere. */
export function formatExpiry(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

export function shareBannerText(title: string, expiresAt: string): string {
  return `Shared preview of '${title}' — drafts, not published; link expires ${formatExpiry(expiresAt)}`;
}

/** The full-page message for a link that opens nothing: a title per reason, the service's words, and what to do. */
export function shareRefusalText(load: Exclude<ShareLoad, { kind: 'ok' }>): {
  title: string;
  message: string;
  hint: string;
} {
  if (load.kind === 'failed')
    return {
      title: 'This shared preview could not be loaded',
      message: load.message,
      hint: 'reload the page in a moment; if it persists, ask whoever sent the link',
    };
  const title = REFUSAL_TITLES[load.code as ErrorCode] ?? 'This shared preview could not be opened';
  return { title, message: load.message, hint: load.hint ?? 'ask whoever sent the link for a new one' };
}
