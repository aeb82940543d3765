/**
 * The custom element behind <portal-header> and <portal-footer> (docs/embedding.md#custom-elements): attributes
 * in, a React root in an open shadow root, events out. Framework-free hosts get the same components as React
 * hosts; this class only translates between the DOM and their props.
 *
 * Lifecycle: the root mounts on connect and unmounts on disconnect, together with the element's window
 * listeners, so a host that adds, removes and re-adds elements leaks nothing (bench/embed-lifecycle.bench.ts
 * counts it). A move (disconnect and connect in the same task) keeps the root.
 */
import type { ReactNode } from 'react';
import type { CollectedEvent } from '../tracking';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { describeProblem, ELEMENT_ATTRIBUTES, readElementAttributes, type ElementSettings } from './attributes';
import { dispatchPortalEvent } from './events';
import { adoptShellStyles } from './shadow-styles';
import { takeServerMarkup } from './server-markup';

/** What an element's React tree is rendered from. */
export interface ElementRenderInput {
  settings: ElementSettings;
  /** Path plus hash of the page, for the active item (docs/rules.md#links); follows hashchange and popstate. */
  currentPath: string;
  /** A plain click on a shell link: dispatches portal-navigate and, unless the host cancels it, loads `href`. */
  navigate: (href: string) => void;
  /** Dispatches portal-logout; true when the host did not cancel it and the shell should log out itself. */
  logout: (href: string) => boolean;
  /** Dispatches portal-track; true when the host did not cancel it and the default collector should send it. */
  track: (collected: CollectedEvent) => boolean;
}

export type ElementRenderer = (input: ElementRenderInput) => ReactNode;

/** The class of one element kind, rendering with `render` and styled with `shellCss`. */
export function createPortalElement(render: ElementRenderer, shellCss: string): CustomElementConstructor {
  return class PortalElement extends HTMLElement {
    static observedAttributes = ELEMENT_ATTRIBUTES;

    #root: Root | undefined;
    #container: HTMLElement | undefined;
    #listeners: AbortController | undefined;
    #unmountScheduled = false;

    connectedCallback(): void {
      // Moved within the page: the disconnect's unmount has not run yet and now will not.
      this.#unmountScheduled = false;
      if (!this.#root) this.#mount();
    }

    disconnectedCallback(): void {
      this.#unmountScheduled = true;
      queueMicrotask(() => {
        if (this.#unmountScheduled) this.#unmount();
      });
    }

    attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
      if (previous === next || !this.isConnected) return;
      if (this.#root) this.#update(true);
      else this.#mount();
    }

    #mount(): void {
      if (document.readyState === 'loading') {
        // Defined before the parser reached the element's children (a blocking script in <head>): a
        // server-rendered fragment inside it is not there yet. Mount once the document is parsed.
        this.#listeners ??= new AbortController();
        document.addEventListener('DOMContentLoaded', () => this.isConnected && !this.#root && this.#mount(), { once: true, signal: this.#listeners.signal });
        return;
      }
      const tree = this.#tree(true);
      if (tree === undefined) return;
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      adoptShellStyles(shadow, shellCss);
      const container = document.createElement('div');
      container.className = 'ps-embed';
      const serverMarkup = takeServerMarkup(this, container);
      shadow.append(container);
      this.#container = container;
      if (serverMarkup) {
        this.#root = hydrateRoot(container, tree);
      } else {
        this.#root = createRoot(container);
        this.#root.render(tree);
      }
      this.#listeners ??= new AbortController();
      const follow = () => this.#update(false);
      window.addEventListener('hashchange', follow, { signal: this.#listeners.signal });
      window.addEventListener('popstate', follow, { signal: this.#listeners.signal });
    }

    #unmount(): void {
      this.#unmountScheduled = false;
      this.#listeners?.abort();
      this.#listeners = undefined;
      this.#root?.unmount();
      this.#root = undefined;
      this.#container?.remove();
      this.#container = undefined;
    }

    #update(report: boolean): void {
      const tree = this.#tree(report);
      // A locale that became invalid leaves the last good render on screen; the console says why.
      if (tree !== undefined) this.#root?.render(tree);
    }

    /**
     * The React tree for the current attributes and location; undefined without a usable locale. `report`: say
     * what is wrong with the attributes on the console (when they were read for a mount or changed, not on every
     * hashchange).
     */
    #tree(report: boolean): ReactNode | undefined {
      const { settings, problems } = readElementAttributes((name) => this.getAttribute(name), document.baseURI);
      if (report) for (const problem of problems) console.error(describeProblem(this.tagName, problem));
      if (!settings) return undefined;
      return render({
        settings,
        currentPath: location.pathname + location.hash,
        navigate: (href) => {
          if (dispatchPortalEvent(this, 'portal-navigate', { href })) location.assign(href);
        },
        logout: (href) => dispatchPortalEvent(this, 'portal-logout', { href }),
        track: (collected) => dispatchPortalEvent(this, 'portal-track', collected),
      });
    }
  };
}
