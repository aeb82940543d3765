/** The unit tests' setup where there is a DOM: tests/setup/vitest.setup.ts loads it only then. */
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { fakeMediaQueryList } from '../../runtime/components/__fixtures__/media-query';
import shellCss from '../../runtime/styles/index.css?inline';
import { scaled } from '../support/time-factor';

// jsdom has no ResizeObserver or matchMedia; Chakra's menus and our breakpoint hooks need both.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => fakeMediaQueryList(query, false)) as typeof window.matchMedia;
window.scrollTo ??= (() => {}) as typeof window.scrollTo;
// The shell's stylesheet, as every entry point ships it (components import no CSS): jsdom applies its rules outside
// @media, so what is hidden below a breakpoint (the desktop bar, the inline actions) is hidden in tests too.
const style = document.createElement('style');
style.textContent = shellCss;
document.head.append(style);

// findBy*/waitFor give up after 1 s by default. On CI's loaded 2-core runner a render that waits on mocked
// calls can take longer than that without anything being wrong; a real hang still fails at 5 s.
configure({ asyncUtilTimeout: scaled(5000) });
