import type { ShapeProblem } from './shape-check';

/**
 * The manifest's shape, as the runtime reads it: `{ format: 1, documents: { <id>: { file, hash } } }`
 * (docs/api.md#publishing). The manifest has no JSON Schema (the config service writes it, in
 * server/publish/published-config.ts); this checks exactly the fields get-published-config.ts reads.
 */
export function findManifestProblem(value: unknown): ShapeProblem | undefined {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(value)) return { pointer: '', message: '(document) must be object' };
  if (value.format !== 1) return { pointer: '/format', message: `/format must be 1 (the manifest format this runtime reads), not ${JSON.stringify(value.format)}` };
  if (!isRecord(value.documents)) return { pointer: '/documents', message: '/documents must be object' };
  for (const [id, entry] of Object.entries(value.documents)) {
    const pointer = `/documents/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!isRecord(entry)) return { pointer, message: `${pointer} must be object` };
    for (const key of ['file', 'hash'] as const) if (typeof entry[key] !== 'string' || entry[key] === '') return { pointer: `${pointer}/${key}`, message: `${pointer}/${key} must be a non-empty string` };
  }
  return undefined;
}
