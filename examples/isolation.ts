/**
 * How the example hosts prove the elements' style isolation (docs/embedding.md#style-isolation). One home for
 * the measurement, which the browser test asserts on (tests/embed-hosts.spec.ts) and the budget table reports
 * (bench/embed.bench.ts): the header and the footer on the hostile host (examples/hash-routed.html: global
 * `* { box-sizing: content-box; font: 20px serif } a { color: red } button { all: unset }` and a
 * Bootstrap-like reset) against the same parts alone on a page without CSS, and the hostile host's own pixels
 * with and without the elements.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelDiff {
  sameSize: boolean;
  /** `width×height` of each image. */
  sizes: [string, string];
  /** Pixels compared (the ignored boxes excluded) and how many of them differ in any channel. */
  total: number;
  differing: number;
}

/** The page with global CSS of its own that the elements must withstand and must not change. */
export const HOSTILE_PAGE = '/examples/hash-routed.html';
/** The parts alone on a page with no CSS of its own (examples/plain.html without its style): the shell undisturbed. */
export const STANDALONE_PAGE = '/examples/__standalone.html';
const standaloneHtml = () =>
  readFileSync('examples/plain.html', 'utf8').replace(/<style>[\s\S]*?<\/style>/, '<style>body { margin: 0 }</style>');

export type Part = 'header' | 'footer';
export const PARTS: readonly Part[] = ['header', 'footer'];
const TAGS: Record<Part, string> = { header: 'portal-header', footer: 'portal-footer' };
const LANDMARKS: Record<Part, 'banner' | 'contentinfo'> = { header: 'banner', footer: 'contentinfo' };

/**
 * Compares two PNG screenshots pixel by pixel in the browser (`page` is any page; a canvas decodes the PNGs,
 * since no PNG decoder is installed for Node). Pixels inside `ignore` (CSS pixels, the screenshots' scale)
 * are not counted. Same browser, same fonts: identical rendering gives identical pixels, so any channel
 * difference counts.
 */
export async function differingPixels(
  page: Page,
  a: Buffer,
  b: Buffer,
  ignore: readonly Box[] = [],
): Promise<PixelDiff> {
  return page.evaluate(
    // No named functions inside: the bench runs under tsx, whose esbuild would wrap them in a __name() helper
    // that does not exist in the page.
    async ({ a, b, ignore }) => {
      const [first, second] = await Promise.all(
        [a, b].map(async (base64) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d', { willReadFrequently: true })!;
          context.drawImage(image, 0, 0);
          return {
            width: image.width,
            height: image.height,
            data: context.getImageData(0, 0, image.width, image.height).data,
          };
        }),
      );
      const sizes: [string, string] = [`${first!.width}×${first!.height}`, `${second!.width}×${second!.height}`];
      if (sizes[0] !== sizes[1])
        return { sameSize: false, sizes, total: first!.width * first!.height, differing: first!.width * first!.height };
      const { width, height, data } = first!;
      const other = second!.data;
      let total = 0;
      let differing = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (ignore.some((box) => x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height))
            continue;
          total++;
          const i = (y * width + x) * 4;
          if (
            data[i] !== other[i] ||
            data[i + 1] !== other[i + 1] ||
            data[i + 2] !== other[i + 2] ||
            data[i + 3] !== other[i + 3]
          )
            differing++;
        }
      }
      return { sameSize: true, sizes, total, differing };
    },
    { a: a.toString('base64'), b: b.toString('base64'), ignore },
  );
}

/** Waits until both parts show their landmark (the documents loaded and rendered). */
async function partsShown(page: Page): Promise<void> {
  for (const part of PARTS)
    await page.locator(TAGS[part]).first().getByRole(LANDMARKS[part]).waitFor({ state: 'visible' });
}

/**
 * The header and the footer on the hostile host against the standalone render, at `page`'s current viewport.
 * `scratch` is another page of the same browser, for the comparison. Serves the standalone page by a route.
 */
export async function compareWithStandalone(page: Page, scratch: Page): Promise<Record<Part, PixelDiff>> {
  await page.route(`**${STANDALONE_PAGE}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: standaloneHtml() }),
  );
  const shots = new Map<string, Buffer>();
  for (const url of [STANDALONE_PAGE, HOSTILE_PAGE]) {
    await page.goto(url);
    await partsShown(page);
    const element = (part: Part) => page.locator(TAGS[part]).first();
    shots.set(`${url} header`, await element('header').screenshot({ animations: 'disabled' }));
    // The footer moved to the top (the element keeps its render when moved): below host content of another
    // height it would start at a fractional offset, which rasterises its text differently.
    await element('footer').evaluate((footer) => document.body.prepend(footer));
    shots.set(`${url} footer`, await element('footer').screenshot({ animations: 'disabled' }));
  }
  const compare = (part: Part) =>
    differingPixels(scratch, shots.get(`${STANDALONE_PAGE} ${part}`)!, shots.get(`${HOSTILE_PAGE} ${part}`)!);
  return { header: await compare('header'), footer: await compare('footer') };
}

/**
 * The hostile host's full-page screenshot with the elements against the same page with each element swapped
 * for an empty box of its size (what the host looks like alone); the elements' boxes are not compared.
 */
export async function hostPixelsOutsideElements(page: Page, scratch: Page): Promise<PixelDiff> {
  await page.goto(HOSTILE_PAGE);
  await partsShown(page);
  const withElements = await page.screenshot({ fullPage: true, animations: 'disabled' });
  const boxes = await page.evaluate(
    (tags) =>
      [...document.querySelectorAll(tags.join(', '))].map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        const stand = document.createElement('div');
        stand.style.cssText = `display:block;width:${width}px;height:${height}px;margin:0;padding:0;border:0;line-height:0`;
        element.replaceWith(stand);
        return { x: x + scrollX, y: y + scrollY, width, height };
      }),
    Object.values(TAGS),
  );
  const withoutElements = await page.screenshot({ fullPage: true, animations: 'disabled' });
  return differingPixels(scratch, withElements, withoutElements, boxes);
}
