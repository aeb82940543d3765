/**
 * The runtime half of the XSS suite (the validator half: schemas/validator/xss.hardening.test.ts). Every vector of
 * schemas/validator/__fixtures__/xss-vectors.ts is rendered by the built portal's own footer and RichText, with no
 * validator in the way: the test plays the editor, framing /preview?source=editor and sending each vector as the
 * de-DE draft's disclaimer (URL vectors also as a legal link's href) over the preview protocol.
 *
 * An execution is any of: a dialog (every payload calls alert), a request to evil.example (where every loading
 * payload points), or the preview frame navigating away. Executions must be 0. Separately, the rendered
 * disclaimer must hold no live markup, judged by the fixture's own oracle.
 */
import type { Page } from '@playwright/test';
import {
  liveMarkup,
  RICH_TEXT_VECTORS,
  URL_VECTORS,
  type XssVector,
} from '../schemas/validator/__fixtures__/xss-vectors';
import { expect, test } from './support/fixtures';
import { scaled } from './support/time-factor';

const PREVIEW = '/preview?locale=de-DE&persona=visitor&page=home&source=editor';

/** What the test page keeps: the preview's messages, the envelope it announced itself with, and the published de-DE. */
interface EditorState {
  facts: { type: string; payload: { draftRevision?: number; revision?: number } }[];
  envelope: { protocol: string; version: number };
  published: { footer: { disclaimer?: string; legalLinks: { href: string }[] } };
}

interface Rendered {
  disclaimer: string | null;
  /** Each link the footer rendered: as written in the DOM, and as the browser resolves it. */
  links: { written: string; resolved: string }[];
  preview: string;
}

interface Draft {
  id: string;
  disclaimer: string;
  legalHref?: string;
}

/**
 * Frames the preview as the editor does, on a page of the same origin, and waits until it announces itself.
 * Requests reuse the envelope of that announcement (protocol tag and version), and the draft starts from
 * the published de-DE: the validator's default-filled document, as the editor sends it.
 */
async function openEditorPreview(page: Page): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate(async (src) => {
    const manifest = (await (await fetch('/configs/manifest.json')).json()) as {
      documents: Record<string, { file: string }>;
    };
    const published = (await (
      await fetch(`/configs/${manifest.documents['de-DE']!.file}`)
    ).json()) as EditorState['published'];
    const frame = document.createElement('iframe');
    frame.id = 'preview';
    frame.style.cssText = 'width:1280px;height:900px';
    await new Promise<void>((resolve) => {
      const facts: EditorState['facts'] = [];
      window.addEventListener('message', (event: MessageEvent<{ protocol: string; version: number; type: string }>) => {
        if (event.source !== frame.contentWindow) return;
        facts.push(event.data as unknown as EditorState['facts'][number]);
        if (event.data.type !== 'PREVIEW_READY') return;
        (window as unknown as { editorState: EditorState }).editorState = {
          facts,
          envelope: { protocol: event.data.protocol, version: event.data.version },
          published,
        };
        resolve();
      });
      frame.src = src;
      document.body.append(frame);
    });
  }, PREVIEW);
}

/** Sends the drafts one by one; after each render (and a moment for any payload to fire) reads what the footer shows. */
async function render(page: Page, drafts: Draft[], firstRevision: number): Promise<Rendered[]> {
  return page.evaluate(
    async ({ drafts, firstRevision }) => {
      const frame = document.getElementById('preview') as HTMLIFrameElement;
      const { facts, envelope, published: base } = (window as unknown as { editorState: EditorState }).editorState;
      const out: Rendered[] = [];
      for (const [i, draft] of drafts.entries()) {
        const revision = firstRevision + i;
        const config = structuredClone(base);
        config.footer.disclaimer = draft.disclaimer;
        if (draft.legalHref !== undefined) config.footer.legalLinks[0]!.href = draft.legalHref;
        frame.contentWindow!.postMessage(
          { ...envelope, type: 'UPDATE_DRAFT', payload: { documentId: 'de-DE', revision, config, sentAt: Date.now() } },
          location.origin,
        );
        const deadline = Date.now() + 10_000;
        const done = () =>
          facts.some(
            (f) =>
              (f.type === 'PREVIEW_RENDERED' && f.payload.draftRevision === revision) ||
              (f.type === 'DRAFT_REJECTED' && f.payload.revision === revision),
          );
        while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        const doc = frame.contentDocument!;
        const disclaimerDeadline = Date.now() + 5_000;
        while (!doc.querySelector('[data-testid="disclaimer"][data-sanitized]') && Date.now() < disclaimerDeadline)
          await new Promise((r) => setTimeout(r, 10));
        // Handlers such as onerror fire once a load fails: give them the time a local request takes.
        await new Promise((r) => setTimeout(r, 40));
        const footer = doc.querySelector('footer, [role="contentinfo"]');
        const links = Array.from(footer?.querySelectorAll('a[href]') ?? []).map((a) => ({
          written: a.getAttribute('href')!,
          resolved: (a as HTMLAnchorElement).href,
        }));
        out.push({
          disclaimer: doc.querySelector('[data-testid="disclaimer"]')?.innerHTML ?? null,
          links,
          preview: frame.contentWindow!.location.pathname,
        });
      }
      return out;
    },
    { drafts, firstRevision },
  );
}

/** A rendered link is inert when it stays on the site, or is a web, mail or phone link written as one. */
function linkIsInert({ written, resolved }: { written: string; resolved: string }, origin: string): boolean {
  const url = new URL(resolved);
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return true;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin === origin || /^https?:\/\//i.test(written);
}

test.describe('XSS: every vector through the runtime in Chromium', () => {
  test.describe.configure({ timeout: scaled(300_000) });

  test('0 executions, and no live markup in the rendered disclaimer or footer links', async ({ page, baseURL }) => {
    const executions: string[] = [];
    page.on('dialog', (dialog) => {
      executions.push(`dialog "${dialog.message()}"`);
      void dialog.dismiss();
    });
    await page.route(/evil\.example/, (route) => {
      executions.push(`request to ${route.request().url()}`);
      return route.abort();
    });
    await openEditorPreview(page);

    const drafts: (Draft & { vector: XssVector })[] = [
      ...RICH_TEXT_VECTORS.map((vector) => ({ vector, id: vector.id, disclaimer: vector.value })),
      ...URL_VECTORS.map((vector) => ({
        vector,
        id: vector.id,
        disclaimer: `<p><a href="${vector.value.replace(/"/g, '&quot;')}">x</a></p>`,
        legalHref: vector.value,
      })),
    ];
    const rendered: Rendered[] = [];
    for (let start = 0; start < drafts.length; start += 40)
      rendered.push(...(await render(page, drafts.slice(start, start + 40), start + 1)));

    const origin = new URL(baseURL!).origin;
    const live: string[] = [];
    rendered.forEach((r, i) => {
      const { id } = drafts[i]!;
      if (r.preview !== '/preview') executions.push(`${id}: the preview navigated to ${r.preview}`);
      for (const piece of liveMarkup(r.disclaimer ?? '')) live.push(`${id}: ${piece}`);
      for (const link of r.links)
        if (!linkIsInert(link, origin)) live.push(`${id}: link ${JSON.stringify(link.written)} → ${link.resolved}`);
    });
    const shown = rendered.filter((r) => r.disclaimer !== null).length;
    const neutralised = drafts.filter(
      (d, i) => d.vector.expected === 'refuse' && rendered[i]!.disclaimer !== null,
    ).length;
    console.log(
      `XSS in Chromium: ${drafts.length} vectors rendered (${RICH_TEXT_VECTORS.length} disclaimers, ${URL_VECTORS.length} URLs as a disclaimer link and a legal link), ${shown} disclaimers on screen, ${neutralised} hostile ones neutralised by the renderer, ${live.length} with live markup, ${executions.length} executed`,
    );

    expect(shown, 'every draft rendered its disclaimer').toBe(drafts.length);
    expect(live).toEqual([]);
    expect(executions).toEqual([]);
  });
});
