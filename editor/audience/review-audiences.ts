/**
 * The audiences that see one change, said as briefly as exactly: per locale and persona the simplest
 * condition on the varied values (review-conditions.ts), then personas and locales with the same condition
 * on one line. Pure.
 */
import { describeCondition, simplestCondition, type Condition, type Variable } from './review-conditions';

/** One audience cell that sees a change: the engine's raw finding. */
export interface CellLog {
  locale: string;
  persona: string;
  page: string;
  /** Bit i on: variables[i] on (held). */
  mask: number;
  variables: readonly Variable[];
  /** For a rule change: whether the item is now shown to this audience, or now hidden from it. */
  effect?: 'shown' | 'hidden';
}

/** Locales × personas that see a change under one condition, on these pages. */
export interface AudienceLine {
  locales: string[];
  personas: string[];
  condition: Condition;
  /** The condition in words: '' when it holds whatever the varied values are. */
  when: string;
  /** The pages on which they see it (on some combination of the condition). */
  pages: string[];
  effect?: 'shown' | 'hidden';
}

/** `de-DE — customer, company — with paymentMethodScreens on`; `every persona` when `personaCount` are all there. */
export function describeAudienceLine(line: AudienceLine, personaCount: number): string {
  const who = line.personas.length === personaCount ? 'every persona' : line.personas.join(', ');
  return [line.locales.join(', '), who, line.when].filter(Boolean).join(' — ');
}

interface Cells {
  effect: CellLog['effect'];
  locale: string;
  persona: string;
  variables: readonly Variable[];
  masks: Set<number>;
  pages: string[];
}

function mergeBy(
  lines: readonly AudienceLine[],
  key: (l: AudienceLine) => string,
  merge: (into: AudienceLine, from: AudienceLine) => void,
): AudienceLine[] {
  const out = new Map<string, AudienceLine>();
  for (const line of lines) {
    const k = key(line);
    const into = out.get(k);
    if (into) merge(into, line);
    else out.set(k, { ...line, locales: [...line.locales], personas: [...line.personas] });
  }
  return [...out.values()];
}

export function groupAudiences(log: readonly CellLog[], personaOrder: readonly string[]): AudienceLine[] {
  const cells = new Map<string, Cells>();
  for (const cell of log) {
    const key = `${cell.effect ?? ''}|${cell.locale}|${cell.persona}`;
    let entry = cells.get(key);
    if (!entry)
      cells.set(
        key,
        (entry = {
          effect: cell.effect,
          locale: cell.locale,
          persona: cell.persona,
          variables: cell.variables,
          masks: new Set(),
          pages: [],
        }),
      );
    entry.masks.add(cell.mask);
    if (!entry.pages.includes(cell.page)) entry.pages.push(cell.page);
  }
  const single = [...cells.values()].map((c): AudienceLine => {
    const condition = simplestCondition(c.variables, (mask) => c.masks.has(mask));
    return {
      locales: [c.locale],
      personas: [c.persona],
      condition,
      when: describeCondition(condition),
      pages: c.pages,
      ...(c.effect ? { effect: c.effect } : {}),
    };
  });
  const rank = (p: string) => personaOrder.indexOf(p);
  const byLocale = mergeBy(
    single,
    (l) => `${l.effect ?? ''}|${l.locales[0]}|${l.when}|${l.pages.join()}`,
    (into, from) => into.personas.push(...from.personas),
  );
  for (const line of byLocale) line.personas.sort((a, b) => rank(a) - rank(b));
  const lines = mergeBy(
    byLocale,
    (l) => `${l.effect ?? ''}|${l.personas.join()}|${l.when}|${l.pages.join()}`,
    (into, from) => into.locales.push(...from.locales),
  );
  for (const line of lines) line.locales.sort();
  const effectRank = (l: AudienceLine) => (l.effect === 'hidden' ? 1 : 0);
  return lines.sort(
    (x, y) =>
      effectRank(x) - effectRank(y) ||
      x.locales[0]!.localeCompare(y.locales[0]!) ||
      rank(x.personas[0]!) - rank(y.personas[0]!),
  );
}
