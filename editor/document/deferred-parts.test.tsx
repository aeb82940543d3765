import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SaveDialog } from './deferred-parts';

const mounts = vi.fn();
vi.mock('./SaveDialog', () => ({
  SaveDialog: ({ open }: { open: boolean }) => {
    mounts(open);
    return <p>save dialog {open ? 'open' : 'closed'}</p>;
  },
}));

const view = (open: boolean) => (
  <ChakraProvider value={defaultSystem}>
    <SaveDialog open={open} documentId="de-DE" onClose={() => undefined} onSave={async () => ({ ok: true })} />
  </ChakraProvider>
);

describe('a deferred dialog (docs/editor-bundle.md#what-waits-until-it-is-used)', () => {
  it('loads nothing while it has never been open, then stays mounted as the dialog itself', async () => {
    const { rerender } = render(view(false));
    expect(screen.queryByText(/save dialog/)).toBeNull();
    expect(mounts).not.toHaveBeenCalled();

    rerender(view(true));
    expect(await screen.findByText('save dialog open')).toBeInTheDocument();
    rerender(view(false));
    // Closed again, it is the dialog that closes (its own animation, its state kept), not the wrapper.
    expect(screen.getByText('save dialog closed')).toBeInTheDocument();
  });
});
