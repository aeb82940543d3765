/**
 * Blocks of the shell's stylesheet (runtime/styles/index.css) that no element renders: the country banner and
 * the fallback chrome belong to the portal's own host and to PortalShell (docs/embedding.md#react-props), which
 * the elements do not use. The embed build leaves their rules out of its inlined copy, and fails when the
 * script names one of their classes after all (scripts/build-embed.ts), so a block an element starts to render
 * cannot lose its styles unnoticed.
 */
export const UNRENDERED_BLOCKS = [
  { stylesheet: '../components/CountryBanner/country-banner.css', className: 'ps-country-banner' },
  { stylesheet: '../components/FallbackChrome/fallback-chrome.css', className: 'ps-fallback-chrome' },
] as const;

const importLine = (stylesheet: string) => `@import "${stylesheet}";`;

/** runtime/styles/index.css without the imports of UNRENDERED_BLOCKS; throws when one is not there to leave out. */
export function withoutUnrenderedBlocks(indexCss: string): string {
  let css = indexCss;
  for (const { stylesheet } of UNRENDERED_BLOCKS) {
    const line = importLine(stylesheet);
    if (!css.includes(line))
      throw new Error(
        `runtime/styles/index.css has no line ${line}: update UNRENDERED_BLOCKS in runtime/embed/unrendered-styles.ts to the stylesheets it imports`,
      );
    css = css.replace(line, '');
  }
  return css;
}

/** The classes of UNRENDERED_BLOCKS that `script` names: none, or the build would ship markup without its styles. */
export function unrenderedClassesIn(script: string): string[] {
  return UNRENDERED_BLOCKS.filter(({ className }) => script.includes(className)).map(({ className }) => className);
}
