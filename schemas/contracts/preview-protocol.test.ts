// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  postPreviewMessage,
  previewFact,
  sendPreviewRequest,
  previewMessageProblem,
  previewRequest,
  readPreviewMessage,
  type PreviewMessage,
} from './preview-protocol';

const origin = window.location.origin;
const draft = previewRequest('UPDATE_DRAFT', {
  documentId: 'de-DE',
  revision: 3,
  config: { locale: 'de-DE' },
  sentAt: 1_700_000_000_000.5,
});

function event(data: unknown, init: { origin?: string; source?: MessageEventSource | null } = {}): MessageEvent {
  return new MessageEvent('message', {
    data,
    origin: init.origin ?? origin,
    source: init.source === undefined ? window : init.source,
  });
}

describe('preview protocol guards', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts a well-formed request from the expected window and origin', () => {
    expect(readPreviewMessage(event(draft), { source: window, direction: 'request' })).toEqual(draft);
  });

  it.each([
    ['another origin', event(draft, { origin: 'https://evil.example' }), 'origin "https://evil.example" is not'],
    ['another window', event(draft, { source: null }), 'did not come from the expected window'],
  ])('drops a message from %s with a warning', (_, message, why) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPreviewMessage(message, { source: window, direction: 'request' })).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(why));
  });

  it('drops a message whose source is not the window expected, even from the same origin', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const other = document.createElement('iframe');
    document.body.append(other);
    expect(readPreviewMessage(event(draft), { source: other.contentWindow, direction: 'request' })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    other.remove();
  });

  it.each<[string, unknown, string]>([
    ['foreign data', { hello: 'world' }, 'not a portal-shell-preview message'],
    ['a string', 'UPDATE_DRAFT', 'not a portal-shell-preview message'],
    ['another version', { ...draft, version: 2 }, 'protocol version 2 is not supported (expected 1)'],
    [
      'an unknown type',
      { ...draft, type: 'DELETE_EVERYTHING' },
      'unknown request type "DELETE_EVERYTHING"; expected one of UPDATE_DRAFT, UPDATE_SCENARIO, SET_WHY_HIDDEN, SET_VISUAL_EDITING, HIGHLIGHT_ITEM',
    ],
    [
      'a fact sent as a request',
      previewFact('PREVIEW_READY', { buildId: 'abc' }),
      'unknown request type "PREVIEW_READY"',
    ],
    ['a missing payload', { ...draft, payload: null }, 'UPDATE_DRAFT: payload must be an object'],
    [
      'an unknown document',
      previewRequest('UPDATE_DRAFT', { ...draft.payload, documentId: '../etc' } as never),
      'UPDATE_DRAFT: documentId "../etc" is not a document id',
    ],
    [
      'a config that is a list',
      { ...draft, payload: { ...draft.payload, config: [] } },
      'UPDATE_DRAFT: config must be a JSON object',
    ],
    [
      'a negative revision',
      { ...draft, payload: { ...draft.payload, revision: -1 } },
      'UPDATE_DRAFT: revision must be a whole number ≥ 0',
    ],
    [
      'a missing sentAt',
      { ...draft, payload: { ...draft.payload, sentAt: 'now' } },
      'UPDATE_DRAFT: sentAt must be a time in ms',
    ],
    [
      'a scenario without query',
      previewRequest('UPDATE_SCENARIO', { query: 42 } as never),
      'UPDATE_SCENARIO: query must be a string',
    ],
    [
      'a why-hidden switch that is not boolean',
      previewRequest('SET_WHY_HIDDEN', { enabled: 'yes' } as never),
      'SET_WHY_HIDDEN: enabled must be true or false',
    ],
    [
      'a visual-editing switch that is not boolean',
      previewRequest('SET_VISUAL_EDITING', { enabled: 1 } as never),
      'SET_VISUAL_EDITING: enabled must be true or false',
    ],
    [
      'a highlight without a pointer',
      previewRequest('HIGHLIGHT_ITEM', {} as never),
      'HIGHLIGHT_ITEM: pointer undefined is not a JSON pointer',
    ],
    [
      'a highlight with a dotted path',
      previewRequest('HIGHLIGHT_ITEM', { pointer: 'header.public' }),
      'HIGHLIGHT_ITEM: pointer "header.public" is not a JSON pointer (RFC 6901: "" or starting with "/")',
    ],
  ])('names what is wrong with %s', (_, data, problem) => {
    expect(previewMessageProblem(data, 'request')).toContain(problem);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPreviewMessage(event(data), { source: window, direction: 'request' })).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      `[preview-protocol] dropped a message: ${previewMessageProblem(data, 'request')}`,
    );
  });

  it('checks facts by their own table: a request is not a fact', () => {
    expect(previewMessageProblem(draft, 'fact')).toBe(
      'unknown fact type "UPDATE_DRAFT"; expected one of PREVIEW_READY, DRAFT_UPDATED, DRAFT_REJECTED, PREVIEW_RENDERED, SCENARIO_UPDATED, SCENARIO_REJECTED, ITEM_SELECTED, ITEM_HIGHLIGHTED',
    );
    expect(
      previewMessageProblem(previewFact('ITEM_SELECTED', { documentId: 'de-DE', id: '', pointer: '/header' }), 'fact'),
    ).toBe('ITEM_SELECTED: id must be a non-empty string');
    expect(
      previewMessageProblem(
        previewFact('ITEM_SELECTED', { documentId: 'de-DE', id: 'festgeld', pointer: 'header' }),
        'fact',
      ),
    ).toContain('ITEM_SELECTED: pointer "header" is not a JSON pointer');
    expect(
      previewMessageProblem(
        previewFact('ITEM_HIGHLIGHTED', {
          pointer: '/a',
          id: null,
          place: 'gone' as never,
          reason: null,
          outlined: null,
        }),
        'fact',
      ),
    ).toBe('ITEM_HIGHLIGHTED: place "gone" is not one of shown, inside, hidden, not-shown, no-item');
    expect(
      previewMessageProblem(
        previewFact('ITEM_HIGHLIGHTED', {
          pointer: '/a',
          id: 7 as never,
          place: 'shown',
          reason: null,
          outlined: null,
        }),
        'fact',
      ),
    ).toBe('ITEM_HIGHLIGHTED: id must be a string or null');
    expect(
      previewMessageProblem(
        previewFact('PREVIEW_RENDERED', {
          buildId: 'b',
          query: '',
          shown: [],
          hiddenCount: -2,
          draftRevision: null,
          sentAt: null,
          renderedAt: 1,
        }),
        'fact',
      ),
    ).toBe('PREVIEW_RENDERED: hiddenCount must be a whole number ≥ 0');
  });
});

describe('preview protocol round trip', () => {
  /**
   * jsdom's postMessage sets neither origin nor source, so the browser's part is played here: the target
   * receives a structured clone of what was posted, from the posting window, with the origin it was
   * addressed to. The receiving side then reads it with its own guard.
   */
  function roundTrip(message: PreviewMessage, direction: 'request' | 'fact'): PreviewMessage | undefined {
    const posted: [unknown, string][] = [];
    const target = {
      postMessage: (data: unknown, targetOrigin: string) => posted.push([structuredClone(data), targetOrigin]),
    } as unknown as Window;
    postPreviewMessage(target, message);
    expect(posted).toHaveLength(1);
    const [data, targetOrigin] = posted[0]!;
    // Never '*': the draft is only ever addressed to this origin.
    expect(targetOrigin).toBe(origin);
    const received = event(data, { origin: targetOrigin, source: window });
    return direction === 'request'
      ? readPreviewMessage(received, { source: window, direction })
      : readPreviewMessage(received, { source: window, direction });
  }

  it('every request arrives unchanged', () => {
    for (const message of [
      draft,
      previewRequest('UPDATE_SCENARIO', { query: 'locale=fr-FR&persona=customer&flags=designV2,footerV2' }),
      previewRequest('SET_WHY_HIDDEN', { enabled: true }),
      previewRequest('SET_VISUAL_EDITING', { enabled: true }),
      previewRequest('HIGHLIGHT_ITEM', { pointer: '/header/public/navItems/0/title' }),
    ]) {
      expect(roundTrip(message, 'request')).toEqual(message);
    }
  });

  it('every fact arrives unchanged', () => {
    const facts = [
      previewFact('PREVIEW_READY', { buildId: 'a1b2c3d 2026-01-05T10:00Z' }),
      previewFact('DRAFT_UPDATED', { documentId: 'markets', revision: 9, sentAt: 12.5 }),
      previewFact('DRAFT_REJECTED', {
        documentId: 'de-DE',
        revision: 10,
        reason: 'header is missing',
        keptRevision: 9,
      }),
      previewFact('PREVIEW_RENDERED', {
        buildId: 'b',
        query: 'locale=de-DE',
        shown: [
          { documentId: 'de-DE', source: 'draft', revision: 9 },
          { documentId: 'markets', source: 'published', hash: 'abc' },
        ],
        hiddenCount: 1,
        hidden: [
          {
            id: 'payment-methods',
            title: 'Zahlungsmethoden',
            location: 'account menu',
            reason: 'needs flag "paymentMethodScreens" on',
            rule: { flag: 'paymentMethodScreens' },
          },
        ],
        draftRevision: 9,
        sentAt: 12.5,
        renderedAt: 20.25,
      }),
      previewFact('SCENARIO_UPDATED', { query: 'page=reference-account' }),
      previewFact('ITEM_SELECTED', {
        documentId: 'de-DE',
        id: 'festgeld',
        pointer: '/header/public/navItems/0/subMenus/main/0',
      }),
      previewFact('ITEM_HIGHLIGHTED', {
        pointer: '/header/private/navItems/1/title',
        id: 'payment-methods',
        place: 'hidden',
        reason: 'needs flag "paymentMethodScreens" (off)',
        outlined: null,
      }),
      previewFact('SCENARIO_REJECTED', {
        query: 'persona=robot',
        errors: [{ param: 'persona', value: 'robot', message: 'Unknown persona "robot".', validValues: ['visitor'] }],
      }),
    ];
    for (const fact of facts) expect(roundTrip(fact, 'fact')).toEqual(fact);
  });
});

describe('sendPreviewRequest (docs/editor-typing.md#the-fixes)', () => {
  /** A frame window as the editor sees it: its origin, its realm's clone and event, its listeners. */
  function frameWindow(origin: string | Error) {
    const heard: MessageEvent[] = [];
    const target = new EventTarget() as EventTarget & Record<string, unknown>;
    Object.defineProperty(target, 'location', {
      get: () => {
        if (origin instanceof Error) throw origin;
        return { origin };
      },
    });
    target.structuredClone = (value: unknown) => structuredClone(value);
    target.MessageEvent = MessageEvent;
    target.postMessage = vi.fn();
    target.addEventListener('message', (event) => heard.push(event as MessageEvent));
    return { target: target as unknown as Window, heard, posted: target.postMessage as ReturnType<typeof vi.fn> };
  }
  const request = previewRequest('UPDATE_DRAFT', {
    documentId: 'de-DE',
    revision: 3,
    config: { locale: 'de-DE' },
    sentAt: 1,
  });

  it('hands a frame of this origin the message inside the call, as a copy, from this window', () => {
    const { target, heard, posted } = frameWindow(window.location.origin);
    sendPreviewRequest(target, request);
    expect(heard).toHaveLength(1);
    const [event] = heard;
    expect(event!.data).toEqual(request);
    expect(event!.data).not.toBe(request);
    expect(event!.origin).toBe(window.location.origin);
    expect(event!.source).toBe(window);
    // What the frame's listener accepts: the checks it runs on a posted message pass.
    expect(readPreviewMessage(event!, { source: window, direction: 'request' })).toEqual(request);
    expect(posted).not.toHaveBeenCalled();
  });

  it('posts to a frame of another origin, or one whose location cannot be read', () => {
    for (const origin of ['https://elsewhere.example', new DOMException('Blocked a frame', 'SecurityError')]) {
      const { target, heard, posted } = frameWindow(origin);
      sendPreviewRequest(target, request);
      expect(heard).toHaveLength(0);
      expect(posted).toHaveBeenCalledWith(request, window.location.origin);
    }
  });
});
