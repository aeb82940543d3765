import { toApiError } from '../api/api-error';
import type { DocumentVersion, Problem, SavedVersion } from '../../schemas/contracts';
import type { ChangedDraft } from './cross-locale-model';
import { defaultMessage, describeResult, saveLocaleEdits, type SaveCalls } from './save-locale-edits';

const change = (id: string, version = 3): ChangedDraft => ({
  id,
  base: { id, text: `{"v":${version}}\n`, etag: `"v${version}"`, version, content: { v: version } },
  text: `{"v":${version},"edited":true}\n`,
  content: { v: version, edited: true },
  pointers: ['/edited'],
});

const saved = (id: string, version: number): SavedVersion => ({
  id: id as SavedVersion['id'],
  version,
  etag: `"v${version}"`,
  author: 'content-manager',
  time: '2026-01-01T00:00:00Z',
  message: 'm',
  action: 'save',
});
const theirs = (id: string, version: number): DocumentVersion => ({
  ...saved(id, version),
  author: 'anna',
  kind: 'locale',
  isDraft: true,
  isPublished: false,
  text: `{"v":${version},"theirs":true}\n`,
  content: { v: version, theirs: true },
});
const problem: Problem = {
  code: 'malformed-link',
  file: 'draft de-CH',
  line: 9,
  column: 3,
  pointer: '/header/public/actionItems/0/href',
  message: 'href "//x" is not a path',
  hint: 'write a path starting with /',
};

describe('saveLocaleEdits', () => {
  it('sends one PUT per locale with the If-Match of the draft it was loaded from, and reports each locale on its own', async () => {
    const sent: { id: string; etag: string; content: unknown; message: string }[] = [];
    const calls: SaveCalls = {
      validate: (id) => (id === 'de-CH' ? [problem] : []),
      save: async (id, etag, content, message) => {
        sent.push({ id, etag, content, message });
        if (id === 'en-US')
          throw toApiError(412, {
            error: { code: 'precondition-failed', message: 'stale' },
            current: theirs('en-US', 8),
          });
        if (id === 'fr-FR')
          throw toApiError(422, { error: { code: 'invalid-document', message: 'bad', problems: [problem] } });
        if (id === 'it-IT')
          throw toApiError(503, {
            error: { code: 'server', message: 'The store is restarting.', hint: 'try again in a minute' },
          });
        return saved(id, 4);
      },
    };
    const results = await saveLocaleEdits(
      [change('de-AT'), change('de-CH'), change('en-US', 7), change('fr-FR'), change('it-IT')],
      'Rename login',
      calls,
    );

    // The invalid draft is never sent; every other locale is, each with its own ETag.
    expect(sent.map((s) => [s.id, s.etag, s.message])).toEqual([
      ['de-AT', '"v3"', 'Rename login'],
      ['en-US', '"v7"', 'Rename login'],
      ['fr-FR', '"v3"', 'Rename login'],
      ['it-IT', '"v3"', 'Rename login'],
    ]);
    expect(sent[0]!.content).toEqual({ v: 3, edited: true });
    expect(results).toEqual([
      { locale: 'de-AT', status: 'saved', version: 4 },
      { locale: 'de-CH', status: 'invalid', sent: false, problems: [problem] },
      // The conflict keeps my text and the base it was made from, for the three-way merge.
      {
        locale: 'en-US',
        status: 'conflict',
        base: '{"v":7}\n',
        mine: '{"v":7,"edited":true}\n',
        theirs: theirs('en-US', 8),
      },
      { locale: 'fr-FR', status: 'invalid', sent: true, problems: [problem] },
      { locale: 'it-IT', status: 'failed', message: 'The store is restarting. (try again in a minute)' },
    ]);
  });

  it('does not wait for one locale to finish before sending the next', async () => {
    const started: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = saveLocaleEdits([change('de-AT'), change('de-CH')], 'm', {
      validate: () => [],
      save: async (id) => {
        started.push(id);
        await gate;
        return saved(id, 4);
      },
    });
    await Promise.resolve();
    expect(started).toEqual(['de-AT', 'de-CH']);
    release();
    expect((await pending).map((r) => r.status)).toEqual(['saved', 'saved']);
  });
});

describe('describeResult and defaultMessage', () => {
  it('says per locale what happened and that an unsaved edit is kept', () => {
    expect(describeResult({ locale: 'de-AT', status: 'saved', version: 4 })).toBe('saved as version 4');
    expect(
      describeResult({ locale: 'en-US', status: 'conflict', base: '', mine: '', theirs: theirs('en-US', 8) }),
    ).toBe('not saved: version 8 by anna was saved meanwhile. Your edit is kept; merge it below');
    expect(describeResult({ locale: 'de-CH', status: 'invalid', sent: false, problems: [problem] })).toBe(
      'not sent: the validator found 1 problem; your edit is kept',
    );
    expect(describeResult({ locale: 'it-IT', status: 'failed', message: 'The service failed.' })).toBe(
      'not saved: The service failed; your edit is kept',
    );
  });

  it('names the items in the default change message', () => {
    expect(defaultMessage(['login', 'register'])).toBe('Edited "login", "register" in the cross-locale table');
  });
});
