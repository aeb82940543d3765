/**
 * The nesting-depth limit for JSON request bodies, applied to the raw text before JSON.parse: a body
 * within BODY_LIMIT_BYTES can still nest thousands of levels deep, and every later step (parse,
 * validation, serialisation) recurses once per level (schemas/validator/json-depth.ts).
 */
import { describeExcessNesting, findExcessNesting, MAX_DOCUMENT_DEPTH } from '../../schemas/validator/index';
import { ApiError } from './errors';

/** A body may wrap a document in one level: `{"content": {…the document…}}`. */
export const MAX_BODY_DEPTH = MAX_DOCUMENT_DEPTH + 1;

/** 422 `too-deep` when `text` nests deeper than MAX_BODY_DEPTH, naming the limit and where it was passed. */
export function deepBodyError(text: string): ApiError | undefined {
  const excess = findExcessNesting(text, MAX_BODY_DEPTH);
  if (!excess) return undefined;
  const { message, hint } = describeExcessNesting(excess);
  return new ApiError(
    422,
    'too-deep',
    `request body ${message} (character ${excess.offset + 1})`,
    `${hint}; nothing was read or saved`,
  );
}
