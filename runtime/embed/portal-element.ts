/**
 * The custom element behind <portal-header> and <portal-footer> (docs/embedding.md#custom-elements): attributes
 * in, a React root in an open shadow root, events out. Framework-free hosts get the same components as React
 * hosts; this class only translates between the DOM and their props.
 *
 * Lifecycle: the root mounts on connect and unmounts on disconnect, together with the element's window
 * listeners, so a host that adds, removes and re-adds elements leaks nothing (bench/embed.bench.ts
 * counts it). A move (disconnect and connect in the same task) keeps the root.
 */
import type { ReactNode } from 'react';
import type { CollectedEvent } from '../tracking';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { describeProblem, ELEMENT_ATTRIBUTES, readElementAttributes, type ElementSettings } from './attributes';
import { routedHref } from '../package/route-link-click';
import { dispatchPortalEvent } from './events';
import { adoptShellStyles } from './shadow-styles';
import { loadElementDocuments, type ElementDocuments } from './load-documents';
import { rendersFragment, takeServerMarkup } from './server-markup';

/** What an element's React tree is rendered from. */
export interface ElementRenderInput {
  settings: ElementSettings;
  /** Documents loaded before hydrating a server-rendered fragment; absent: the package loads its own. */
  documents?: ElementDocuments;
  /** Path plus hash of the page, for the active item (docs/rules.md#links); follows hashchange and popstate. */
  currentPath: string;
  /** Dispatches portal-logout; true when the host did not cancel it and the shell should log out itself. */
  logout: (href: string) => boolean;
  /** Dispatches portal-track; true when the host did not cancel it and the default collector should send it. */
  track: (collected: CollectedEvent) => boolean;
}

export type ElementRenderer = (input: ElementRenderInput) => ReactNode;

/** The class of one element kind, rendering with `render` and styled with `shellCss`. */
export function createPortalElement(
  render: ElementRenderer,
  shellCss: string,
  loadDocuments = loadElementDocuments,
): CustomElementConstructor {
  return class PortalElement extends HTMLElement {
    static observedAttributes = ELEMENT_ATTRIBUTES;

    #root: Root | undefined;
    /** The shadow root's mount point; present from mount to unmount (also while a fragment's documents load). */
    #container: HTMLElement | undefined;
    #listeners: AbortController | undefined;
    #unmountScheduled = false;
    /** The documents a fragment was hydrated with, and the settings they were loaded for. */
    #documents: { for: string; documents: ElementDocuments } | undefined;
    /** Counts mounts, so a document load that outlives its mount does nothing. */
    #generation = 0;

    connectedCallback(): void {
      // Moved within the page: the disconnect's unmount has not run yet and now will not.
      this.#unmountScheduled = false;
      if (!this.#container) this.#mount();
    }

    disconnectedCallback(): void {
      this.#unmountScheduled = true;
      queueMicrotask(() => {
        if (this.#unmountScheduled) this.#unmount();
      });
    }

    attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
      if (previous === next || !this.isConnected) return;
      if (this.#container) this.#update(true);
      else this.#mount();
    }

    #mount(): void {
      if (document.readyState === 'loading') {
        // Defined before the parser reached the element's children (a blocking script in <head>): a
        // server-rendered fragment inside it is not there yet. Mount once the document is parsed.
        if (this.#listeners) return;
        this.#listeners = new AbortController();
        document.addEventListener('DOMContentLoaded', () => this.isConnected && !this.#container && this.#mount(), {
          once: true,
          signal: this.#listeners.signal,
        });
        return;
      }
      const settings = this.#settings(true);
      if (!settings) return;
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      adoptShellStyles(shadow, shellCss);
      const container = document.createElement('div');
      container.className = 'ps-embed';
      const serverMarkup = takeServerMarkup(this, container);
      shadow.append(container);
      this.#container = container;
      this.#listeners ??= new AbortController();
      const follow = () => this.#update(false);
      window.addEventListener('hashchange', follow, { signal: this.#listeners.signal });
      window.addEventListener('popstate', follow, { signal: this.#listeners.signal });
      // Link clicks are seen here, after React's own handlers (at the container) had their say; portal-navigate
      // then comes from this element, whichever other parts are on the page.
      shadow.addEventListener('click', (event) => this.#routeClick(event as MouseEvent), {
        signal: this.#listeners.signal,
      });
      if (!serverMarkup) {
        this.#root = createRoot(container);
        this.#root.render(render(this.#input(settings)));
        return;
      }
      const generation = ++this.#generation;
      loadDocuments(settings).then(
        (documents) => {
          if (generation !== this.#generation || !this.#container) return;
          this.#documents = { for: documentsKey(settings), documents };
          // Settings read again: an attribute may have changed while the documents loaded.
          const current = this.#settings(false) ?? settings;
          const input = this.#input(current);
          if (rendersFragment(current, documents.config, input.currentPath)) {
            this.#root = hydrateRoot(container, render(input));
            return;
          }
          // Another page, path or flags than the fragment's: a render of its own, committed off screen and then
          // put in the fragment's place in one step, so the chrome never disappears in between.
          const rendered = document.createElement('div');
          rendered.className = container.className;
          this.#root = createRoot(rendered);
          flushSync(() => this.#root!.render(render(input)));
          container.replaceWith(rendered);
          this.#container = rendered;
        },
        (error: unknown) => {
          // The server-rendered fragment stays, working as plain links, as it does without JavaScript.
          console.error(
            `<${this.tagName.toLowerCase()}>: kept the server-rendered markup without hydrating it: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      );
    }

    #unmount(): void {
      this.#unmountScheduled = false;
      this.#generation++;
      this.#documents = undefined;
      this.#listeners?.abort();
      this.#listeners = undefined;
      this.#root?.unmount();
      this.#root = undefined;
      this.#container?.remove();
      this.#container = undefined;
    }

    #update(report: boolean): void {
      const settings = this.#settings(report);
      // A locale that became invalid leaves the last good render on screen; the console says why.
      if (settings) this.#root?.render(render(this.#input(settings)));
    }

    /**
     * The attributes as settings; undefined without a usable locale. `report`: say what is wrong with them on
     * the console (when they were read for a mount or changed, not on every hashchange).
     */
    #settings(report: boolean): ElementSettings | undefined {
      const { settings, problems } = readElementAttributes((name) => this.getAttribute(name), document.baseURI);
      if (report) for (const problem of problems) console.error(describeProblem(this.tagName, problem));
      return settings;
    }

    /**
     * A plain left click on a same-origin shell link is a portal-navigate; a host that cancels it routes itself
     * and the click's own navigation is prevented. Not canceled, the browser follows the link as usual
     * (the same as location.assign(href)).
     */
    #routeClick(event: MouseEvent): void {
      const href = routedHref(event, location);
      if (href !== undefined && !dispatchPortalEvent(this, 'portal-navigate', { href })) event.preventDefault();
    }

    #input(settings: ElementSettings): ElementRenderInput {
      // Documents loaded for another locale or manifest are not handed on: the package loads the right ones.
      const documents = this.#documents?.for === documentsKey(settings) ? this.#documents.documents : undefined;
      return {
        settings,
        ...(documents ? { documents } : {}),
        currentPath: location.pathname + location.hash,
        logout: (href) => dispatchPortalEvent(this, 'portal-logout', { href }),
        track: (collected) => dispatchPortalEvent(this, 'portal-track', collected),
      };
    }
  };
}

const documentsKey = ({ locale, page, manifestUrl }: ElementSettings) => `${locale} ${page} ${manifestUrl}`;
