// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activeElementOf } from './active-element';

describe('activeElementOf', () => {
  it('finds the focused control inside a shadow root, where document.activeElement is the host', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    shadow.append(button);
    button.focus();
    expect(document.activeElement).toBe(host);
    expect(activeElementOf(button)).toBe(button);
    host.remove();
  });

  it('is document.activeElement in the light DOM', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    expect(activeElementOf(input)).toBe(input);
    input.remove();
  });
});
