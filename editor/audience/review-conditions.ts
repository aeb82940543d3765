/**
 * The simplest condition on a few flags and access values that holds for exactly a given set of their
 * combinations, for the publish review's audience lines ("with paymentMethodScreens on"). Pure.
 *
 * A condition is an OR of ANDs of literals (a minimal disjunctive normal form): Quine–McCluskey's prime
 * implicants, then the smallest cover (fewest terms, then fewest literals). The review varies at most a dozen
 * values per item, so the exhaustive search stays small.
 */

/** What a rule can name that the review varies: a feature flag, an access id, a pension product. */
export type VariableKind = 'flag' | 'access' | 'pom';

export interface Variable {
  kind: VariableKind;
  id: string;
}

export interface Literal extends Variable {
  /** flag: on; access / pom: held. */
  on: boolean;
}

/** Literals that must all hold. */
export type Term = Literal[];
/** Terms of which one must hold: [] holds for nobody, [[]] for everybody. */
export type Condition = Term[];

export const ALWAYS: Condition = [[]];

interface Implicant {
  /** Bits this implicant fixes. */
  care: number;
  /** Their values (only the cared bits are set). */
  value: number;
}

const popcount = (n: number) => {
  let c = 0;
  for (let x = n; x; x &= x - 1) c++;
  return c;
};

const covers = (imp: Implicant, minterm: number) => (minterm & imp.care) === imp.value;

function primeImplicants(minterms: readonly number[], bits: number): Implicant[] {
  const full = (1 << bits) - 1;
  let current = new Map<string, Implicant>(minterms.map((m) => [`${full}:${m}`, { care: full, value: m }]));
  const primes: Implicant[] = [];
  while (current.size > 0) {
    const next = new Map<string, Implicant>();
    const merged = new Set<string>();
    const list = [...current.entries()];
    // Two implicants with the same cared bits that differ in exactly one of them merge into one without it.
    const byCare = new Map<number, [string, Implicant][]>();
    for (const entry of list) {
      const group = byCare.get(entry[1].care);
      if (group) group.push(entry);
      else byCare.set(entry[1].care, [entry]);
    }
    for (const group of byCare.values()) {
      const byValue = new Map(group.map(([key, imp]) => [imp.value, key]));
      for (const [key, imp] of group) {
        for (let bit = 0; bit < bits; bit++) {
          const b = 1 << bit;
          if (!(imp.care & b) || imp.value & b) continue;
          const partner = byValue.get(imp.value | b);
          if (partner === undefined) continue;
          merged.add(key).add(partner);
          const joined = { care: imp.care & ~b, value: imp.value };
          next.set(`${joined.care}:${joined.value}`, joined);
        }
      }
    }
    for (const [key, imp] of list) if (!merged.has(key)) primes.push(imp);
    current = next;
  }
  return primes;
}

/** The smallest set of primes covering every minterm: fewest terms, then fewest literals. */
function smallestCover(minterms: readonly number[], primes: readonly Implicant[]): Implicant[] {
  const cost = (set: readonly Implicant[]) => set.length * 1000 + set.reduce((n, p) => n + popcount(p.care), 0);
  let best: Implicant[] | undefined;
  const search = (left: readonly number[], chosen: Implicant[]) => {
    if (best && cost(chosen) >= cost(best)) return;
    if (left.length === 0) {
      best = [...chosen];
      return;
    }
    // Branch on the minterm with the fewest candidate primes: essential primes are taken first, for free.
    let pick = left[0]!;
    let candidates = primes.filter((p) => covers(p, pick));
    for (const m of left) {
      const c = primes.filter((p) => covers(p, m));
      if (c.length < candidates.length) [pick, candidates] = [m, c];
    }
    for (const prime of candidates)
      search(
        left.filter((m) => !covers(prime, m)),
        [...chosen, prime],
      );
  };
  search(minterms, []);
  return best ?? [];
}

/**
 * The simplest condition on `variables` that is true for exactly the combinations `holds` accepts.
 * A combination is a bit mask: bit i set means variables[i] is on (held).
 */
export function simplestCondition(variables: readonly Variable[], holds: (mask: number) => boolean): Condition {
  const bits = variables.length;
  const minterms: number[] = [];
  for (let mask = 0; mask < 1 << bits; mask++) if (holds(mask)) minterms.push(mask);
  if (minterms.length === 0) return [];
  if (minterms.length === 1 << bits) return ALWAYS;
  const cover = smallestCover(minterms, primeImplicants(minterms, bits));
  const terms = cover.map((imp): Term =>
    variables.flatMap((v, bit) => (imp.care & (1 << bit) ? [{ ...v, on: (imp.value & (1 << bit)) !== 0 }] : [])),
  );
  return terms.sort((a, b) => a.length - b.length || describeTerm(a).localeCompare(describeTerm(b)));
}

/** Whether a combination (variable id → on) meets the condition; variables it does not name do not matter. */
export function meets(condition: Condition, isOn: (variable: Variable) => boolean): boolean {
  return condition.some((term) => term.every((lit) => isOn(lit) === lit.on));
}

function describeLiteral(lit: Literal): string {
  switch (lit.kind) {
    case 'flag':
      return `${lit.id} ${lit.on ? 'on' : 'off'}`;
    case 'access':
      return `${lit.on ? '' : 'no '}access ${lit.id}`;
    case 'pom':
      return `${lit.on ? '' : 'no '}pension product ${lit.id}`;
  }
}

const describeTerm = (term: Term) => term.map(describeLiteral).join(' and ');

/** In words: '' for everybody, `with paymentMethodScreens on`, `with A on and B off, or with access X`. */
export function describeCondition(condition: Condition): string {
  if (condition.length === 0) return 'for nobody';
  if (condition.some((t) => t.length === 0)) return '';
  return condition.map((t) => `with ${describeTerm(t)}`).join(', or ');
}
