import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isPreviewPath, navigateInDocument, useHostLocation } from './host-location';

function Where() {
  const { pathname, search, hash } = useHostLocation();
  return <p>{`${pathname}${search}${hash}`}</p>;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the host location', () => {
  it('follows navigateInDocument without loading a document, and Back through popstate', async () => {
    window.history.replaceState(null, '', '/de-de/');
    render(<Where />);
    expect(screen.getByText('/de-de/')).toBeTruthy();
    act(() => navigateInDocument('/de-de/login/?x=1#top'));
    expect(screen.getByText('/de-de/login/?x=1#top')).toBeTruthy();
    const entries = window.history.length;
    act(() => navigateInDocument('/de-de/register/', { replace: true }));
    expect(window.history.length).toBe(entries);
    expect(screen.getByText('/de-de/register/')).toBeTruthy();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByText('/de-de/')).toBeTruthy();
  });

  it('tells the preview from the portal pages', () => {
    expect(isPreviewPath('/preview')).toBe(true);
    expect(isPreviewPath('/preview/')).toBe(true);
    expect(isPreviewPath('/previews/')).toBe(false);
    expect(isPreviewPath('/de-de/')).toBe(false);
  });
});
