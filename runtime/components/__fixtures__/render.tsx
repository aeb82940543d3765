import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { fakeMediaQueryList } from './media-query';

/** Renders as the host does: the shell's components need no provider above them (docs/architecture.md#styling). */
export function renderWithShell(ui: ReactElement, options?: RenderOptions) {
  return render(ui, options);
}

/**
 * Makes matchMedia report the given queries as matching (e.g. desktop or tablet). A spy, so the
 * suite's restoreMocks puts the setup file's stub back after each test.
 * jsdom ignores @media rules in stylesheets: responsive style props always show their base
 * (mobile) value there, whatever this returns. Tests of desktop-only elements query them with
 * `hidden: true` and check the `hidden` attribute instead of visibility.
 */
export function mockViewport(matching: (query: string) => boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fakeMediaQueryList(query, matching(query)));
}
