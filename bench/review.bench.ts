import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { indexConfig } from '../editor/analysis/items';
import { reviewChangeSet, type ReviewMember } from '../editor/audience/review-engine';
import type { LocaleConfig } from '../schemas/generated/config-types';
import { documentIdFromFileName, documentKind, type DocumentId } from '../schemas/validator/documents';
import { formatTable, median, type BudgetRow } from './stats';

/** The value at an RFC 6901 pointer (the pointers indexConfig gives hold no escaped characters). */
const at = (root: unknown, pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);

/**
 * Five edits to one locale config, one of each kind the review reports besides appear/disappear: a label
 * (an account-menu item where there is one), a link, a rule, an order swap and an id rename.
 */
function editLocale(text: string): string {
  const doc = JSON.parse(text) as LocaleConfig;
  const items = indexConfig(doc);
  const first = (...kinds: string[]) => items.find((i) => kinds.includes(i.kind))!;
  const entry = (pointer: string) => at(doc, pointer) as Record<string, unknown>;
  entry(first('account', 'legal').pointer).title = 'Geändert';
  const link = first('footer-link', 'legal');
  entry(link.pointer).href = `${link.href}?bench=1`;
  entry(first('submenu', 'nav', 'action').pointer).visibility = { flag: 'newDashboard' };
  const legal = doc.footer.legalLinks;
  [legal[0], legal[1]] = [legal[1]!, legal[0]!];
  const last = legal[legal.length - 1]!;
  last.id = `${last.id}-renamed`;
  return JSON.stringify(doc, null, 2);
}

/**
 * The publish review of a change set of every locale config (13) with five changed items each, across every
 * audience that can see each change, engine in-process: ≤ 1 s at the median of 5 runs after a first one.
 */
export async function benchReview(): Promise<BudgetRow[]> {
  const docs = readdirSync('config')
    .map((n) => documentIdFromFileName(n))
    .filter((id): id is DocumentId => id !== undefined)
    .map((id) => ({ id, text: readFileSync(`config/${id}.json`, 'utf8') }));
  const locales = docs.filter((d) => documentKind(d.id) === 'locale');
  const members: ReviewMember[] = locales.map((d) => ({
    id: d.id,
    publishedText: d.text,
    draftText: editLocale(d.text),
  }));
  const input = { members, others: docs.filter((d) => documentKind(d.id) !== 'locale') };

  const coldStart = performance.now();
  const first = reviewChangeSet(input);
  const coldMs = performance.now() - coldStart;
  if (first.kind !== 'ready') throw new Error(`the bench's change set does not validate: ${first.document}`);
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    reviewChangeSet(input);
    runs.push(performance.now() - start);
  }
  const area = 'publish review';
  const what = `${members.length} locales, ${first.changes.length} changes`;
  return [
    { area, metric: `change set of ${what}, median of 5`, value: median(runs), unit: 'ms', budget: 1000, kind: 'max' },
    {
      area,
      metric: `first run (validates the ${members.length * 2} versions)`,
      value: coldMs,
      unit: 'ms',
      budget: 1000,
      kind: 'info',
    },
    {
      area,
      metric: 'combinations resolved (locale × page × persona × flag/access values, old and new)',
      value: first.combinations,
      unit: 'combinations',
      budget: first.combinations,
      kind: 'info',
    },
  ];
}

// npx tsx bench/review.bench.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(formatTable(await benchReview()));
