import { formatExpiry, shareBannerText, shareRefusalText } from './share-text';

it('says what the reader is looking at and until when, in UTC', () => {
  expect(shareBannerText('Spring labels', '2026-02-01T10:05:00.000Z')).toBe(
    "Shared preview of 'Spring labels' — drafts, not published; link expires 1 Feb 2026, 10:05 UTC",
  );
  expect(formatExpiry('not a date')).toBe('not a date');
});

it('gives each refusal its own title and keeps the service’s words', () => {
  const refused = (code: string, hint?: string) =>
    shareRefusalText({ kind: 'refused', status: 410, code, message: `m-${code}`, ...(hint ? { hint } : {}) });
  expect(refused('share-expired')).toEqual({
    title: 'This preview link has expired',
    message: 'm-share-expired',
    hint: 'ask whoever sent the link for a new one',
  });
  expect(refused('share-revoked').title).toBe('This preview link was withdrawn');
  expect(refused('share-invalid').title).toBe('This preview link is not valid');
  expect(refused('rate-limited', 'wait 1 minute and try again')).toEqual({
    title: 'Too many previews opened from here',
    message: 'm-rate-limited',
    hint: 'wait 1 minute and try again',
  });
  expect(refused('internal').title).toBe('This shared preview could not be opened');
  expect(shareRefusalText({ kind: 'failed', message: 'the config service answered 502' }).title).toBe(
    'This shared preview could not be loaded',
  );
});
