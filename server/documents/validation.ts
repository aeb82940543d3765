/**
 * Runs the Foundation validator the way the service needs it. One document is checked against
 * what the others hold:
 *   - a draft (PUT, restore, the list's validity) against the other documents' drafts;
 *   - a publication against the other documents' *published* versions, because that is what
 *     customers will load beside it; in a batch (a change set, docs/workflow.md#change-sets), against
 *     the other members' versions being published with it, and the non-members' published versions.
 */
import {
  crossFileContext,
  documentKind,
  type CrossFileContext,
  type DocumentId,
  type Problem,
  type ValidatedDocument,
} from '../../schemas/validator/index';
import type { DocumentStore, DocumentSummary, VersionSelector } from '../storage/store';
import { ValidationThread, type DraftInput } from './validation-thread';

/** One thread for the process: every service validates off the event loop (validation-thread.ts says why). */
const validationThread = new ValidationThread();

export { canonicalText } from './canonical-text';

export class DocumentValidator {
  readonly #store: DocumentStore;
  /** Parsed flags documents by `draft|published@version`; flags change rarely, documents are checked often. */
  #flagsCache: { key: string; value: unknown } | undefined;

  constructor(store: DocumentStore) {
    this.#store = store;
  }

  /** Checks a draft given as its text (a restore) or as parsed content (a save), which is printed to its canonical text off the event loop. */
  async validateDraft(
    id: DocumentId,
    draft: DraftInput,
  ): Promise<{ validated: ValidatedDocument; text: string | undefined }> {
    const summaries = await this.#store.list();
    const flags = id === 'flags' ? undefined : await this.#flagsValue(summaries, 'draft');
    const configIds = idsWith(
      summaries.filter((s) => documentKind(s.id) === 'locale').map((s) => s.id),
      id,
    );
    return validationThread.validate(
      { id, file: `draft ${id}`, ...draft },
      crossFileContext(flags ? [flags] : [], configIds),
    );
  }

  /**
   * Problems that keep `text` (the draft of `id`) from being published; empty when it may go out.
   * `batch`: the texts of the documents published together with it (it may include `id` itself), which
   * stand in for their published versions, so the batch is checked as customers will load it.
   */
  async publishProblems(
    id: DocumentId,
    text: string,
    batch: ReadonlyMap<DocumentId, string> = new Map(),
  ): Promise<{ result: ValidatedDocument; problems: Problem[] }> {
    const summaries = await this.#store.list();
    const published = summaries.filter((s) => s.published);
    const live = [...new Set([...published.map((s) => s.id), ...batch.keys()])];
    const configIds = idsWith(
      live.filter((d) => documentKind(d) === 'locale'),
      id,
    );
    if (id === 'flags') {
      const { validated: result } = await validationThread.validate(
        { id, file: `draft ${id}`, text },
        { configIds: new Set(configIds) },
      );
      // Members of the batch are checked against this registry themselves; the others stay as published.
      const staying = published.filter((s) => !batch.has(s.id));
      const problems =
        result.problems.length === 0 ? await this.#problemsForPublishedRules(result, staying) : result.problems;
      return { result, problems };
    }
    const batchFlags = batch.get('flags');
    const flags =
      batchFlags !== undefined
        ? { id: 'flags' as const, value: parseOrUndefined(batchFlags) }
        : await this.#flagsValue(summaries, 'published');
    // No published flags means customers have no registry: every rule's flag is unknown to them.
    const context: CrossFileContext = flags
      ? crossFileContext([flags], configIds)
      : { flagIds: new Set(), configIds: new Set(configIds) };
    const { validated: result } = await validationThread.validate({ id, file: `draft ${id}`, text }, context);
    const problems = flags
      ? result.problems
      : result.problems.map((p) =>
          p.code === 'unknown-flag'
            ? { ...p, hint: 'flags has never been published; publish flags first, or with it' }
            : p,
        );
    return { result, problems };
  }

  /** A new flag registry must not strand a rule in an already published config. */
  async #problemsForPublishedRules(flags: ValidatedDocument, published: DocumentSummary[]): Promise<Problem[]> {
    const context = crossFileContext([{ id: 'flags', value: flags.value }]);
    const problems: Problem[] = [];
    for (const summary of published) {
      if (summary.id === 'flags') continue;
      const stored = await this.#store.read(summary.id, 'published');
      if (!stored) continue;
      const { validated: check } = await validationThread.validate(
        { id: summary.id, file: `published ${summary.id}`, text: stored.text },
        { flagIds: context.flagIds! },
      );
      problems.push(...check.problems.filter((p) => p.code === 'unknown-flag'));
    }
    return problems;
  }

  async #flagsValue(
    summaries: DocumentSummary[],
    which: Exclude<VersionSelector, number>,
  ): Promise<{ id: 'flags'; value: unknown } | undefined> {
    const summary = summaries.find((s) => s.id === 'flags');
    const version = which === 'draft' ? summary?.draft.version : summary?.published?.version;
    if (version === undefined) return undefined;
    const key = `${which}@${version}`;
    if (this.#flagsCache?.key !== key) {
      const stored = await this.#store.read('flags', version);
      this.#flagsCache = { key, value: stored ? parseOrUndefined(stored.text) : undefined };
    }
    return { id: 'flags', value: this.#flagsCache.value };
  }
}

export function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function idsWith(ids: DocumentId[], id: DocumentId): DocumentId[] {
  return documentKind(id) === 'locale' && !ids.includes(id) ? [...ids, id] : ids;
}
