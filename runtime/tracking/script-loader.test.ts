// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createLocalRecorder } from './local-recorder';
import { createDomScriptLoader, createRecordingScriptLoader } from './script-loader';
import type { ScriptSpec } from './script-spec';

const script: ScriptSpec = {
  id: 'usercentrics-cmp',
  src: 'https://cmp.example/loader.js',
  category: 'consent-manager',
  attributes: { 'data-settings-id': 'abc123' },
};

describe('DOM script loader (production)', () => {
  // An inert document (no browsing context): scripts in it are never fetched or run.
  const inertDocument = () => document.implementation.createHTMLDocument('inert');

  it('appends one async script per id to the head, with its attributes', () => {
    const doc = inertDocument();
    const loader = createDomScriptLoader(doc);
    expect(loader.has('usercentrics-cmp')).toBe(false);
    loader.load(script);
    loader.load(script);
    const scripts = doc.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const element = scripts[0]!;
    expect(element.id).toBe('usercentrics-cmp');
    expect(element.src).toBe('https://cmp.example/loader.js');
    expect(element.async).toBe(true);
    expect(element.getAttribute('data-settings-id')).toBe('abc123');
    expect(element.getAttribute('data-category')).toBe('consent-manager');
    expect(loader.has('usercentrics-cmp')).toBe(true);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('recording script loader (development and tests)', () => {
  it('records each script once and puts nothing on the page', () => {
    const recorder = createLocalRecorder();
    const loader = createRecordingScriptLoader(recorder);
    loader.load(script);
    loader.load(script);
    expect(recorder.scripts).toEqual([script]);
    expect(loader.has('usercentrics-cmp')).toBe(true);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
