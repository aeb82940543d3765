import { ConfigLoadError } from '../config/config-load-error';
import { decideScreen } from './screen-state';

const loaded = { data: {} };

describe('decideScreen', () => {
  it('waits while a document is on its way and the deadline has not passed', () => {
    expect(decideScreen([{ id: 'de-DE' }, { id: 'markets', ...loaded }], false, 5000)).toEqual({ kind: 'loading' });
  });

  it('renders the shell once every document is there, even after the deadline', () => {
    expect(
      decideScreen(
        [
          { id: 'de-DE', ...loaded },
          { id: 'markets', ...loaded },
        ],
        true,
        5000,
      ),
    ).toEqual({ kind: 'ready' });
  });

  it('falls back on the first failed document, with its name, URL and reason', () => {
    const error = new ConfigLoadError(
      'de-DE',
      '/configs/de-DE.0123456789abcdef.json',
      'wrong-shape',
      'is not a valid locale config: /footer must be object',
    );
    expect(decideScreen([{ id: 'de-DE', error }, { id: 'markets' }], false, 5000)).toEqual({
      kind: 'fallback',
      failure: {
        document: 'de-DE',
        reason: 'wrong-shape',
        url: '/configs/de-DE.0123456789abcdef.json',
        message:
          'de-DE config (/configs/de-DE.0123456789abcdef.json) is not a valid locale config: /footer must be object',
      },
    });
  });

  it('names the failed manifest, not the document that waited for it', () => {
    const error = new ConfigLoadError('manifest', '/configs/manifest.json', 'not-json', 'is not JSON');
    expect(decideScreen([{ id: 'de-DE', error }], false, 5000)).toMatchObject({
      kind: 'fallback',
      failure: { document: 'manifest', reason: 'not-json' },
    });
  });

  it('never stays loading past the deadline: the fallback names the first document still missing', () => {
    expect(decideScreen([{ id: 'de-DE', ...loaded }, { id: 'markets' }, { id: 'flags' }], true, 5000)).toEqual({
      kind: 'fallback',
      failure: { document: 'markets', reason: 'timeout', message: 'markets document did not arrive within 5000 ms' },
    });
  });

  it('describes an error that is not a ConfigLoadError by the document it came from', () => {
    expect(decideScreen([{ id: 'flags', error: new TypeError('Failed to fetch') }], false, 5000)).toEqual({
      kind: 'fallback',
      failure: {
        document: 'flags',
        reason: 'unreachable',
        message: 'flags document could not be loaded: Failed to fetch',
      },
    });
  });
});
