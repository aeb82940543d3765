import { MANIFEST_FORMAT } from '../../schemas/contracts';
import type { ShapeProblem } from './shape-check';

/**
 * The manifest's shape, as the runtime reads it: `{ format: 1, documents: { <id>: { file, hash } } }`
 * (docs/api.md#publishing), typed in schemas/contracts/manifest.ts. The manifest has no JSON Schema (the
 * config service writes it); this checks exactly the fields get-published-config.ts reads.
 */
export function findManifestProblem(value: unknown): ShapeProblem | undefined {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(value)) return { pointer: '', message: '(document) must be object' };
  if (value.format !== MANIFEST_FORMAT)
    return {
      pointer: '/format',
      message: `/format must be ${MANIFEST_FORMAT} (the manifest format this runtime reads), not ${JSON.stringify(value.format)}`,
    };
  if (!isRecord(value.documents)) return { pointer: '/documents', message: '/documents must be object' };
  for (const [id, entry] of Object.entries(value.documents)) {
    const pointer = `/documents/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!isRecord(entry)) return { pointer, message: `${pointer} must be object` };
    for (const key of ['file', 'hash'] as const)
      if (typeof entry[key] !== 'string' || entry[key] === '')
        return { pointer: `${pointer}/${key}`, message: `${pointer}/${key} must be a non-empty string` };
  }
  return undefined;
}
