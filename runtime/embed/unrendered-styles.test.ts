import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UNRENDERED_BLOCKS, unrenderedClassesIn, withoutUnrenderedBlocks } from './unrendered-styles';

const STYLES = 'runtime/styles';
const indexCss = readFileSync(`${STYLES}/index.css`, 'utf8');

describe('withoutUnrenderedBlocks', () => {
  it('leaves out the country banner and the fallback chrome, and every other import stays', () => {
    const imports = (css: string) => [...css.matchAll(/@import "([^"]+)";/g)].map((match) => match[1]);
    const kept = imports(withoutUnrenderedBlocks(indexCss));
    expect(imports(indexCss).filter((sheet) => !kept.includes(sheet))).toEqual([
      '../components/CountryBanner/country-banner.css',
      '../components/FallbackChrome/fallback-chrome.css',
    ]);
  });

  it('names the file to update when index.css no longer imports a listed stylesheet', () => {
    expect(() => withoutUnrenderedBlocks('@import "./tokens.css";')).toThrow(
      /runtime\/styles\/index\.css has no line @import "\.\.\/components\/CountryBanner\/country-banner\.css";: update UNRENDERED_BLOCKS/,
    );
  });

  it("lists each block by the class all of its stylesheet's rules start with", () => {
    for (const { stylesheet, className } of UNRENDERED_BLOCKS) {
      const rules = readFileSync(path.join(STYLES, stylesheet), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      const selectors = [...rules.matchAll(/(^|})\s*([^{}@]+?)\s*\{/g)].flatMap((match) =>
        match[2]!.split(',').map((selector) => selector.trim()),
      );
      expect(selectors.length).toBeGreaterThan(0);
      expect(selectors.filter((selector) => !selector.startsWith(`.${className}`))).toEqual([]);
    }
  });
});

describe('unrenderedClassesIn', () => {
  it('finds a left-out block named in a script, and nothing in one that does not name them', () => {
    expect(unrenderedClassesIn('x.className="ps-header ps-country-banner__row"')).toEqual(['ps-country-banner']);
    expect(unrenderedClassesIn('x.className="ps-header ps-footer"')).toEqual([]);
  });
});
