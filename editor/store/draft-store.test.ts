import { createDraftStore, MERGE_WINDOW_MS, selectCanRedo, selectCanUndo } from './draft-store';

const doc = `${JSON.stringify(
  {
    locale: 'it-IT',
    header: {
      public: {
        navItems: [
          { id: 'a', title: 'A', href: '/a' },
          { id: 'b', title: 'B', href: '/b' },
        ],
      },
    },
  },
  null,
  2,
)}\n`;

function setup() {
  let clock = 1_000;
  const store = createDraftStore({ now: () => clock, limit: 5 });
  store.getState().load('it-IT', doc);
  return { store, state: () => store.getState(), tick: (ms: number) => (clock += ms) };
}

describe('draft store', () => {
  it('loads text and its parse, with an empty history', () => {
    const { state } = setup();
    expect(state().text).toBe(doc);
    expect(state().value).toEqual(JSON.parse(doc));
    expect(state().parseError).toBeNull();
    expect(selectCanUndo(state())).toBe(false);
  });

  it('keeps unparsable text as the source of truth and says why it does not parse', () => {
    const { state } = setup();
    state().setFromText('{\n  "locale": ');
    expect(state().text).toBe('{\n  "locale": ');
    expect(state().value).toBeUndefined();
    expect(state().parseError).toMatchObject({ line: 2, message: expect.any(String) });
    // A form write cannot apply to text that does not parse: it is dropped, the text is untouched.
    state().setFromForm(['locale'], 'x');
    expect(state().text).toBe('{\n  "locale": ');
  });

  it('a form write edits the text minimally and keeps text and value in step', () => {
    const { state } = setup();
    state().setFromForm(['header', 'public', 'navItems', 1, 'title'], 'Bee');
    expect(state().text).toBe(doc.replace('"title": "B"', '"title": "Bee"'));
    expect(JSON.parse(state().text)).toEqual(state().value);
    expect(state().lastChange).toMatchObject({ source: 'form', path: ['header', 'public', 'navItems', 1, 'title'] });
  });

  it('removes a key when the form writes undefined, and adds missing parents', () => {
    const { state } = setup();
    state().setFromForm(['header', 'public', 'navItems', 0, 'href'], undefined);
    expect(state().text).not.toContain('"href": "/a"');
    state().setFromForm(['header', 'corporate', 'navItems'], []);
    expect(state().value).toMatchObject({ header: { corporate: { navItems: [] } } });
    expect(JSON.parse(state().text)).toEqual(state().value);
  });

  it('ignores writes that change nothing (no empty undo steps)', () => {
    const { state } = setup();
    state().setFromForm(['header', 'public', 'navItems', 0, 'title'], 'A');
    state().setFromText(doc);
    expect(selectCanUndo(state())).toBe(false);
  });

  it('does not share objects with the writer: later mutation of the written value changes nothing', () => {
    const { state } = setup();
    const items = [{ id: 'x', title: 'X', href: '/x' }];
    state().setFromForm(['header', 'public', 'navItems'], items);
    items[0]!.title = 'mutated';
    expect(state().value).toMatchObject({ header: { public: { navItems: [{ title: 'X' }] } } });
    expect(Object.isFrozen(state().value)).toBe(true);
  });

  it(`coalesces typing within ${MERGE_WINDOW_MS} ms into one undo step, per view and field`, () => {
    const { state, tick } = setup();
    state().setFromForm(['header', 'public', 'navItems', 0, 'title'], 'AB');
    tick(200);
    state().setFromForm(['header', 'public', 'navItems', 0, 'title'], 'ABC');
    tick(200);
    state().setFromForm(['header', 'public', 'navItems', 1, 'title'], 'B2'); // another field: a new step
    tick(MERGE_WINDOW_MS + 1);
    state().setFromForm(['header', 'public', 'navItems', 1, 'title'], 'B23'); // after a pause: a new step
    expect(state().past).toHaveLength(3);
    state().undo();
    expect(state().value).toMatchObject({ header: { public: { navItems: [{ title: 'ABC' }, { title: 'B2' }] } } });
    state().undo();
    state().undo();
    expect(state().text).toBe(doc);
  });

  it('structural writes (merge: false) are one step each, however fast', () => {
    const { state } = setup();
    const [a, b] = (JSON.parse(doc) as { header: { public: { navItems: unknown[] } } }).header.public.navItems;
    state().setFromForm(['header', 'public', 'navItems'], [b, a], { merge: false });
    state().setFromForm(['header', 'public', 'navItems'], [a, b], { merge: false });
    expect(state().past).toHaveLength(2);
  });

  it('undo and redo move across text and form writes alike; a new write drops the redo steps', () => {
    const { state, tick } = setup();
    state().setFromForm(['locale'], 'fi-FI');
    tick(1000);
    state().setFromText(state().text.replace('"A"', '"Aa"'));
    tick(1000);
    const afterBoth = state().text;
    state().undo();
    expect(state().text).toContain('"fi-FI"');
    expect(state().text).not.toContain('"Aa"');
    expect(state().lastChange.source).toBe('undo');
    state().undo();
    expect(state().text).toBe(doc);
    expect(selectCanUndo(state())).toBe(false);
    state().redo();
    state().redo();
    expect(state().text).toBe(afterBoth);
    expect(selectCanRedo(state())).toBe(false);
    state().undo();
    state().setFromText(`${doc} `);
    expect(selectCanRedo(state())).toBe(false);
  });

  it('the step after an undo never merges with the typing before it', () => {
    const { state, tick } = setup();
    state().setFromText(doc.replace('"A"', '"A1"'));
    tick(100);
    state().undo();
    tick(100);
    state().setFromText(doc.replace('"A"', '"A2"'));
    state().undo();
    expect(state().text).toBe(doc);
  });

  it('undo restores an unparsable intermediate text exactly', () => {
    const { state, tick } = setup();
    state().setFromText('{ "broken": ');
    tick(1000);
    state().setFromText(doc.replace('"A"', '"Z"'));
    state().undo();
    expect(state().text).toBe('{ "broken": ');
    expect(state().parseError).not.toBeNull();
  });

  it('keeps at most the configured number of undo steps', () => {
    const { state, tick } = setup();
    for (let i = 0; i < 8; i++) {
      tick(1000);
      state().setFromText(doc.replace('"A"', `"A${i}"`));
    }
    expect(state().past).toHaveLength(5);
  });

  it('load resets the history, unless asked to keep it (their version after a 412 stays undoable)', () => {
    const { state } = setup();
    state().setFromText(doc.replace('"A"', '"mine"'));
    state().load('it-IT', doc.replace('"B"', '"theirs"'), { keepHistory: true });
    expect(state().lastChange.source).toBe('load');
    state().undo();
    expect(state().text).toContain('"mine"');
    state().load('it-IT', doc);
    expect(selectCanUndo(state())).toBe(false);
  });
});
