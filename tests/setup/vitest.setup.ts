import '@testing-library/jest-dom/vitest';
import { fakeMediaQueryList } from '../../runtime/components/__fixtures__/media-query';

// jsdom has no ResizeObserver or matchMedia; Chakra's menus and our breakpoint hooks need both.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window !== 'undefined') {
  window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  window.matchMedia ??= ((query: string) => fakeMediaQueryList(query, false)) as typeof window.matchMedia;
  window.scrollTo ??= (() => {}) as typeof window.scrollTo;
}
