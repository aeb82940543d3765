import { readFileSync } from 'node:fs';
import type { LocaleConfig, MarketsDocument } from '../schemas/generated/config-types';
import { validateDocument, type DocumentId } from '../schemas/validator/index';
import { resolveShell, type ResolverContext } from '../runtime/resolver';
import { MATRIX_PERSONAS } from '../editor/analysis/personas';
import { median, type BudgetRow } from './stats';

function load<T>(id: DocumentId): T {
  const result = validateDocument({ id, file: `config/${id}.json`, text: readFileSync(`config/${id}.json`, 'utf8') });
  return result.value as T;
}

/** Resolving header + footer for one request, median over batches, in µs per resolve. */
export function benchResolve(): BudgetRow[] {
  const markets = load<MarketsDocument>('markets').markets;
  const en = load<LocaleConfig>('en');
  const cases = (['de-DE', 'en-GB', 'fr-FR', 'en-US'] as const).flatMap((id) => {
    const config = load<LocaleConfig>(id);
    return (['visitor', 'customer'] as const).map((persona) => {
      const facts = MATRIX_PERSONAS.find((p) => p.id === persona)!.facts;
      const page = persona === 'visitor' ? ('home' as const) : ('dashboard' as const);
      const ctx: ResolverContext = {
        locale: id,
        page,
        flags: new Set(['newDashboard', 'newMarketLocales', 'unifiedDomainLocales', 'userManagementService']),
        currentPath: `${config.basePath}/dashboard/`,
        now: new Date(),
        ...facts,
      };
      return { input: { config, fallback: en, markets }, ctx };
    });
  });
  const batch = 500;
  for (let i = 0; i < batch; i++) for (const c of cases) resolveShell(c.input, c.ctx); // warm-up
  const perCall: number[] = [];
  for (let run = 0; run < 25; run++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) for (const c of cases) resolveShell(c.input, c.ctx);
    perCall.push(((performance.now() - start) * 1000) / (batch * cases.length));
  }
  return [
    {
      area: 'runtime',
      metric: 'resolve header + footer, median µs/call (8 locale×persona cases)',
      value: median(perCall),
      unit: 'µs',
      budget: 50,
      kind: 'max',
    },
  ];
}
