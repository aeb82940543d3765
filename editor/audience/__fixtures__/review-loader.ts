import { SHIPPED } from './shipped-documents';
import type { ReviewDocuments } from '../load-documents';

/** loadReviewDocuments over the shipped documents, every one published as v1. */
export async function shippedReviewLoader(memberIds: readonly string[]): Promise<ReviewDocuments> {
  return {
    published: new Map(memberIds.map((id) => [id, SHIPPED.find((d) => d.id === id)?.text ?? null])),
    publishedVersions: new Map(memberIds.map((id) => [id, SHIPPED.some((d) => d.id === id) ? 1 : null])),
    others: SHIPPED.filter((d) => !memberIds.includes(d.id)),
    excluded: [],
  };
}
