/**
 * What each toolbar control does to the scenario. Pure, so the rules (registry defaults become an explicit
 * list on the first toggle, design v2 is two flags, access replaces the persona's defaults) are tested once.
 */
import { DEFAULT_ACCESS } from '../../mocks/fixtures/access';
import {
  parsePreviewParams,
  type DataVariant,
  type Fault,
  type Persona,
  type PreviewScenario,
} from '../../schemas/contracts/preview-params';
import type { FlagOption } from '../validation/registries';

/** The global design switch and the footer layout flag together are "design v2" (docs/rules.md#design-versions). */
export const DESIGN_FLAGS = ['designV2', 'footerV2'] as const;
export type Design = 'v1' | 'v2' | 'mixed';

export function registryDefaults(registry: readonly FlagOption[]): string[] {
  return registry.filter((f) => f.default).map((f) => f.id);
}

/** The flags that are on: the explicit list, or the registry's defaults when the scenario names none. */
export function flagsOn(scenario: PreviewScenario, registry: readonly FlagOption[]): string[] {
  return scenario.flags ?? registryDefaults(registry);
}

/** Turns one flag on or off; from then on the scenario lists every flag that is on, in registry order. */
export function withFlag(
  scenario: PreviewScenario,
  id: string,
  on: boolean,
  registry: readonly FlagOption[],
): PreviewScenario {
  const current = new Set(flagsOn(scenario, registry));
  if (on) current.add(id);
  else current.delete(id);
  const known = registry.map((f) => f.id);
  return {
    ...scenario,
    flags: [...known.filter((f) => current.has(f)), ...[...current].filter((f) => !known.includes(f))],
  };
}

export function designOf(flags: readonly string[]): Design {
  const on = DESIGN_FLAGS.filter((f) => flags.includes(f)).length;
  return on === 0 ? 'v1' : on === DESIGN_FLAGS.length ? 'v2' : 'mixed';
}

/** v2 turns both design flags on, v1 both off; the registry must know them (flags.json does). */
export function withDesign(
  scenario: PreviewScenario,
  design: 'v1' | 'v2',
  registry: readonly FlagOption[],
): PreviewScenario {
  return DESIGN_FLAGS.reduce((next, flag) => withFlag(next, flag, design === 'v2', registry), scenario);
}

/** Access the mocks give a persona when access= is absent (mocks/fixtures/access.ts). */
export function personaAccess(persona: Persona): readonly string[] {
  return persona === 'customer' || persona === 'company' ? DEFAULT_ACCESS : [];
}

export function accessOn(scenario: PreviewScenario): readonly string[] {
  return scenario.access ?? personaAccess(scenario.persona);
}

/** One access id on or off: the scenario then states its access explicitly (it replaces the persona's). */
export function withAccess(
  scenario: PreviewScenario,
  id: string,
  on: boolean,
  order: readonly string[],
): PreviewScenario {
  const current = new Set(accessOn(scenario));
  if (on) current.add(id);
  else current.delete(id);
  return { ...scenario, access: order.filter((a) => current.has(a)) };
}

export function withPersonaAccess(scenario: PreviewScenario): PreviewScenario {
  const { access: _access, ...rest } = scenario;
  return rest;
}

export function withDataVariant(
  scenario: PreviewScenario,
  variant: DataVariant,
  on: boolean,
  order: readonly DataVariant[],
): PreviewScenario {
  const current = new Set(scenario.data);
  if (on) current.add(variant);
  else current.delete(variant);
  return { ...scenario, data: order.filter((d) => current.has(d)) };
}

export type FaultsInput = { ok: true; faults: Fault[] } | { ok: false; message: string };

/** The faults field, in the URL's own syntax (endpoint:STATUS, …) and checked by the URL's own parser. */
export function parseFaultsInput(text: string): FaultsInput {
  if (text.trim() === '') return { ok: true, faults: [] };
  const { scenario, errors } = parsePreviewParams(new URLSearchParams([['fault', text]]), []);
  return errors.length > 0
    ? { ok: false, message: errors.map((e) => e.message).join(' ') }
    : { ok: true, faults: scenario.faults };
}

export function faultsText(faults: readonly Fault[]): string {
  return faults.map((f) => `${f.endpoint}:${f.kind}`).join(', ');
}
