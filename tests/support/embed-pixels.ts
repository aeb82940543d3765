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

/**
 * Compares two PNG screenshots pixel by pixel in the browser (`page` is any page; a canvas decodes the PNGs,
 * since no PNG decoder is installed for Node). Pixels inside `ignore` (CSS pixels, the screenshots' scale)
 * are not counted. Same browser, same fonts: identical rendering gives identical pixels, so any channel
 * difference counts.
 */
export async function differingPixels(page: Page, a: Buffer, b: Buffer, ignore: readonly Box[] = []): Promise<PixelDiff> {
  return page.evaluate(
    async ({ a, b, ignore }) => {
      const decode = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        context.drawImage(image, 0, 0);
        return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
      };
      const [first, second] = await Promise.all([decode(a), decode(b)]);
      const sizes: [string, string] = [`${first.width}×${first.height}`, `${second.width}×${second.height}`];
      if (sizes[0] !== sizes[1]) return { sameSize: false, sizes, total: first.width * first.height, differing: first.width * first.height };
      const ignored = (x: number, y: number) => ignore.some((box) => x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height);
      let total = 0;
      let differing = 0;
      for (let y = 0; y < first.height; y++) {
        for (let x = 0; x < first.width; x++) {
          if (ignored(x, y)) continue;
          total++;
          const i = (y * first.width + x) * 4;
          if (first.data[i] !== second.data[i] || first.data[i + 1] !== second.data[i + 1] || first.data[i + 2] !== second.data[i + 2] || first.data[i + 3] !== second.data[i + 3]) differing++;
        }
      }
      return { sameSize: true, sizes, total, differing };
    },
    { a: a.toString('base64'), b: b.toString('base64'), ignore },
  );
}
