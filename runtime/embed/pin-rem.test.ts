import { pinRem } from './pin-rem';

describe('pinRem', () => {
  it('turns rem lengths in declarations into px at 16px per rem', () => {
    expect(pinRem('.a{padding:0.5rem 1rem;max-width:calc(100vw - 2rem);margin:-.25rem}')).toBe(
      '.a{padding:8px 16px;max-width:calc(100vw - 32px);margin:-4px}',
    );
  });

  it('leaves media, container and supports preludes as they are', () => {
    const css = '@media screen and (min-width: 48rem){.b{gap:1.5rem}}@container (min-width: 30rem){.c{top:1rem}}';
    expect(pinRem(css)).toBe(
      '@media screen and (min-width: 48rem){.b{gap:24px}}@container (min-width: 30rem){.c{top:16px}}',
    );
  });

  it('does not touch names that merely end in rem', () => {
    expect(pinRem('.lorem{--ps-rem:16px;font-size:calc(0.875 * var(--ps-rem))}')).toBe(
      '.lorem{--ps-rem:16px;font-size:calc(0.875 * var(--ps-rem))}',
    );
  });
});
