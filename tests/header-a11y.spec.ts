import { expectNoSeriousA11yViolations, openPreview, screenshot, test, VIEWPORTS } from './support/fixtures';

const HEADER_TYPES = [
  ['public', 'locale=de-DE&persona=visitor&page=home'],
  ['private', 'locale=de-DE&persona=customer&page=dashboard'],
  ['integrated', 'locale=de-DE&persona=visitor&page=integrated'],
  ['corporate', 'locale=en&page=corporate'],
] as const;

for (const [type, query] of HEADER_TYPES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`${type} header at ${viewport.width} px: no serious axe violations`, async ({ page, consoleErrors: _ }) => {
      await page.setViewportSize(viewport);
      await openPreview(page, query);
      await screenshot(page, `header-${type}-${size}-${viewport.width}`);
      await expectNoSeriousA11yViolations(page);
    });
  }
}
