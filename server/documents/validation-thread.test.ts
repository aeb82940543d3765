import { readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { validateDocument } from '../../schemas/validator/index';
import { canonicalText } from './canonical-text';
import { ValidationThread } from './validation-thread';

const deDE = readFileSync('config/de-DE.json', 'utf8');
const broken = deDE.replace('"display": true', '"display": "true"');
const thread = new ValidationThread();
afterAll(() => thread.close());

describe('ValidationThread', () => {
  it('answers what the validator answers in this thread, with the parsed value only for a valid document', async () => {
    const valid = await thread.validate({ id: 'de-DE', file: 'de-DE.json', text: deDE }, {});
    expect(valid).toEqual({
      validated: validateDocument({ id: 'de-DE', file: 'de-DE.json', text: deDE }, {}),
      text: deDE,
    });
    const { validated: invalid, text } = await thread.validate(
      { id: 'de-DE', file: 'de-DE.json', text: broken },
      { flagIds: new Set(['newDashboard']) },
    );
    const here = validateDocument(
      { id: 'de-DE', file: 'de-DE.json', text: broken },
      { flagIds: new Set(['newDashboard']) },
    );
    expect(invalid.problems).toEqual(here.problems);
    expect(invalid.problems.length).toBeGreaterThan(0);
    expect(invalid.value).toBeUndefined();
    expect(text).toBeUndefined();
  });

  it('prints parsed content to its canonical text in the thread, and returns it for a valid document', async () => {
    const content = JSON.parse(deDE) as unknown;
    const { validated, text } = await thread.validate({ id: 'de-DE', file: 'de-DE.json', content }, {});
    expect(validated.problems).toEqual([]);
    expect(text).toBe(canonicalText(content));
    expect(text).toContain('\n  "header"');
  });

  it('keeps the event loop free while a large document is checked', async () => {
    const many = JSON.parse(deDE) as { header: { private: { navItems: unknown[] } } };
    many.header.private.navItems = Array.from({ length: 20_000 }, () => ({ type: 'nope' }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const { validated: result } = await thread.validate(
      { id: 'de-DE', file: 'de-DE.json', text: JSON.stringify(many) },
      {},
    );
    clearInterval(timer);
    expect(result.problems.at(-1)?.code).toBe('too-many-problems');
    expect(ticks, `the timer ran in thread ${threadId} while the worker validated`).toBeGreaterThan(0);
  });

  it('validates in this thread once the worker is gone', async () => {
    await thread.close();
    expect(
      (await thread.validate({ id: 'de-DE', file: 'de-DE.json', text: broken }, {})).validated.problems.length,
    ).toBeGreaterThan(0);
  });
});
