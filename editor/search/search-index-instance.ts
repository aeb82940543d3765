import { useSyncExternalStore } from 'react';
import { getDocument, listDocuments } from '../api/documents-api';
import { DraftIndex, type IndexState } from './draft-index';

/** The one index, kept for the whole session so reopening the search refetches only drafts that changed. */
export const draftIndex = new DraftIndex({ listDocuments, getDocument });

export function useDraftIndex(): IndexState {
  return useSyncExternalStore(draftIndex.subscribe, draftIndex.getState);
}
