import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { previewMessageProblem } from '../../schemas/contracts/preview-protocol';
import * as validator from '../validation/validate-text';
import { buildContext } from '../validation/validate-text';
import { draftFeed } from './draft-feed';

const seed = readFileSync('config/de-DE.json', 'utf8');
const context = buildContext(JSON.parse(readFileSync('config/flags.json', 'utf8')), ['de-DE']);

describe('what the preview gets for a draft', () => {
  it("a valid draft goes out as UPDATE_DRAFT with the validator's default-filled document", () => {
    // Without "currency": the schema's default (EUR) must be in what the preview gets, as in a published file.
    const text = seed.replace('"title": "Sparen"', '"title": "Sparen jetzt"').replace('  "currency": "EUR",\n', '');
    expect(text).not.toContain('"currency"');
    const { status, request } = draftFeed(validator, 'de-DE', text, 12, context);
    expect(status).toEqual({ kind: 'valid', revision: 12 });
    expect(request?.type).toBe('UPDATE_DRAFT');
    expect(previewMessageProblem(request, 'request')).toBeUndefined();
    const payload = request!.payload as unknown as {
      documentId: string;
      revision: number;
      config: { currency: string; header: { public: { navItems: { title: string }[] } } };
    };
    expect(payload).toMatchObject({ documentId: 'de-DE', revision: 12 });
    expect(payload.config.currency).toBe('EUR');
    expect(payload.config.header.public.navItems[0]!.title).toBe('Sparen jetzt');
  });

  it('a draft that does not parse sends nothing and says where it breaks', () => {
    const { status, request } = draftFeed(validator, 'de-DE', seed.slice(0, 200), 13, context);
    expect(request).toBeUndefined();
    expect(status).toMatchObject({ kind: 'invalid', revision: 13, problemCount: 1 });
  });

  it('a draft with schema or cross-file problems sends nothing and counts them', () => {
    const { status, request } = draftFeed(
      validator,
      'de-DE',
      seed.replace('"basePath": "/de-de"', '"basePath": 42').replace('"locale": "de-DE"', '"locale": "xx-XX"'),
      14,
      context,
    );
    expect(request).toBeUndefined();
    expect(status.kind).toBe('invalid');
    expect(status.kind === 'invalid' && status.problemCount).toBeGreaterThanOrEqual(2);
    expect(status.kind === 'invalid' && status.first.pointer).not.toBe(undefined);
  });
});
