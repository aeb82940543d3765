/**
 * The shared behaviours inside a shadow root, where the custom elements render (docs/embedding.md#custom-elements):
 * document listeners see the host element as the event target there.
 */
import { act, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDismiss } from './use-dismiss';
import { useInertAfter } from './use-inert-after';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function mountInShadow(element: React.ReactElement): { shadow: ShadowRoot; host: HTMLElement; after: HTMLElement } {
  const host = document.createElement('div');
  const after = document.createElement('footer');
  document.body.append(host, after);
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  const root = createRoot(container);
  act(() => root.render(element));
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
    after.remove();
  };
  return { shadow, host, after };
}

function Dropdown({ onDismiss }: { onDismiss: () => void }) {
  const inside = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useDismiss({ open: true, insideRefs: [inside], triggerRef: trigger, onDismiss });
  return (
    <div ref={inside}>
      <button ref={trigger}>Menu</button>
      <a href="#x">Inside link</a>
    </div>
  );
}

function Menu() {
  const ref = useRef<HTMLDivElement>(null);
  useInertAfter(ref, true);
  return <div ref={ref}>menu</div>;
}

describe('inside a shadow root', () => {
  it('a press on a link inside the dropdown does not dismiss it; a press outside the host does', () => {
    const onDismiss = vi.fn();
    const { shadow } = mountInShadow(<Dropdown onDismiss={onDismiss} />);
    shadow.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    expect(onDismiss).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('an open menu makes the host page after the element inert', () => {
    const { after } = mountInShadow(<Menu />);
    expect(after.hasAttribute('inert')).toBe(true);
  });
});
