import { describeAudience, type Audience, type AudienceProblem } from './problems';

const MAX_AUDIENCES_PER_PROBLEM = 12;

/**
 * Collects audience-dependent problems once per place, counting the cells that show them. The audiences
 * kept are the first cell of each persona × page that shows it, so the sample says who is affected.
 */
export class ProblemLog {
  private readonly byKey = new Map<string, { problem: AudienceProblem; where: Set<string> }>();

  add(found: AudienceProblem, audience: Audience, cells: number): void {
    const key = `${found.code}|${found.document}|${found.pointer}|${found.locale ?? ''}`;
    const where = `${audience.persona}|${audience.page}`;
    const existing = this.byKey.get(key);
    if (!existing) {
      this.byKey.set(key, {
        problem: { ...found, occurrences: cells, audiences: [audience] },
        where: new Set([where]),
      });
      return;
    }
    existing.problem.occurrences = (existing.problem.occurrences ?? 0) + cells;
    if (!existing.where.has(where) && existing.where.size < MAX_AUDIENCES_PER_PROBLEM) {
      existing.where.add(where);
      existing.problem.audiences!.push(audience);
    }
  }

  get problems(): AudienceProblem[] {
    return [...this.byKey.values()].map(({ problem: p }) => {
      const n = p.occurrences ?? 0;
      return {
        ...p,
        message: `${p.message} (${n} cell${n === 1 ? '' : 's'}, e.g. ${describeAudience(p.audiences![0]!)})`,
      };
    });
  }
}
