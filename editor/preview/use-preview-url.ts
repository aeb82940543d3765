import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parsePreviewUrl, serializePreviewUrl, type PreviewUrlParse, type PreviewUrlState } from './preview-url';

export interface PreviewUrl extends PreviewUrlParse {
  /** Writes a new state into the page's URL (replacing the history entry: toolbar clicks are not pages). */
  update: (next: PreviewUrlState) => void;
}

/** The scenario lives in the URL, so the address bar is always a link to what the preview shows. */
export function usePreviewUrl(documentId: string, flagIds: readonly string[]): PreviewUrl {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const parsed = useMemo(() => parsePreviewUrl(search, documentId, flagIds), [search, documentId, flagIds]);
  const update = useCallback(
    (next: PreviewUrlState) => setSearchParams((current) => serializePreviewUrl(next, current), { replace: true }),
    [setSearchParams],
  );
  return { ...parsed, update };
}
