/** Small statistics helpers for the benchmarks: medians and percentiles, never means (machines are noisy). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface BudgetRow {
  area: string;
  metric: string;
  value: number;
  unit: string;
  budget: number;
  /**
   * 'max': value must be ≤ budget; 'min': value must be ≥ budget; 'info': a figure that explains another
   * row (where its time goes), printed with `budget` for scale but never a pass or a fail.
   */
  kind: 'max' | 'min' | 'info';
  note?: string;
}

export const passes = (row: BudgetRow) =>
  row.kind === 'info' ? true : row.kind === 'max' ? row.value <= row.budget : row.value >= row.budget;
export const isBudget = (row: BudgetRow) => row.kind !== 'info';

export function formatTable(rows: readonly BudgetRow[]): string {
  const lines = ['| area | metric | value | budget | result |', '|---|---|---|---|---|'];
  for (const r of rows) {
    const v = `${fmt(r.value)} ${r.unit}`;
    const b =
      r.kind === 'info'
        ? `(${fmt(r.budget)} ${r.unit} for scale)`
        : `${r.kind === 'max' ? '≤' : '≥'} ${fmt(r.budget)} ${r.unit}`;
    const result = r.kind === 'info' ? 'info' : passes(r) ? 'pass' : 'FAIL';
    lines.push(`| ${r.area} | ${r.metric}${r.note ? ` (${r.note})` : ''} | ${v} | ${b} | ${result} |`);
  }
  return lines.join('\n');
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n < 1 ? n.toFixed(3) : n.toFixed(1);
}
