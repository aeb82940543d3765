import type { DocumentId } from '../../schemas/validator/documents';
import type { ShellModel } from '../resolver';
import type { Manifest } from '../../schemas/contracts';
import type { HiddenItemFact, PreviewFacts, ShownDocument } from '../../schemas/contracts/preview-protocol';
import type { DraftEntry } from './editor-draft-state';

export interface RenderedInput {
  model: ShellModel;
  /** The documents the render used (ShellScreen's onRendered). */
  documents: readonly DocumentId[];
  draft: DraftEntry | undefined;
  manifest: Manifest | undefined;
  query: string;
  buildId: string;
  whyHidden: boolean;
  renderedAt: number;
}

/** Everything rules hid in header and footer, in the order the resolver met them. */
export function hiddenItems(model: ShellModel): HiddenItemFact[] {
  return [...model.header.hidden, ...(model.footer?.hidden ?? [])].map(({ id, title, location, reason, rule }) => ({
    id,
    title,
    location,
    reason,
    rule,
  }));
}

/** The PREVIEW_RENDERED fact: which version of each document is on screen, and what rules hid. */
export function renderedFact({
  model,
  documents,
  draft,
  manifest,
  query,
  buildId,
  whyHidden,
  renderedAt,
}: RenderedInput): PreviewFacts['PREVIEW_RENDERED'] {
  const shown = documents.map((documentId): ShownDocument =>
    draft?.documentId === documentId
      ? { documentId, source: 'draft', revision: draft.revision }
      : { documentId, source: 'published', hash: manifest?.documents[documentId]?.hash ?? null },
  );
  const hidden = hiddenItems(model);
  const draftShown = draft !== undefined && documents.includes(draft.documentId);
  return {
    buildId,
    query,
    shown,
    hiddenCount: hidden.length,
    ...(whyHidden ? { hidden } : {}),
    draftRevision: draftShown ? draft.revision : null,
    sentAt: draftShown ? draft.sentAt : null,
    renderedAt,
  };
}
