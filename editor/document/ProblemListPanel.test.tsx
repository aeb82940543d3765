import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Problem } from '../../schemas/contracts';
import { problemCountText, ProblemListPanel } from './ProblemListPanel';

const problem = (pointer: string, message: string): Problem =>
  ({ file: 'config/de-DE.json', line: 5, column: 15, pointer, message, code: 'schema' }) as Problem;

function Panel({ problems, onSelect }: { problems: Problem[]; onSelect: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ChakraProvider value={defaultSystem}>
      <ProblemListPanel
        problems={problems}
        serverProblems={[]}
        onSelect={onSelect}
        goesTo="field"
        lead={<p>crumbs</p>}
        open={open}
        onOpenChange={setOpen}
      />
    </ChakraProvider>
  );
}

describe('the problems behind their count', () => {
  it('counts live and server problems together', () => {
    expect(problemCountText(0, 0)).toBe('No problems');
    expect(problemCountText(1, 0)).toBe('1 problem');
    expect(problemCountText(2, 1)).toBe('3 problems');
  });

  it('opens on its button and still goes to a problem', async () => {
    const onSelect = vi.fn();
    render(
      <Panel
        problems={[problem('/basePath', 'expected string'), problem('/locale', 'unknown locale')]}
        onSelect={onSelect}
      />,
    );
    const toggle = screen.getByRole('button', { name: '2 problems' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    // The collapsible's state machine applies the change after the click's events: wait for it, as a user would.
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.click(await screen.findByRole('button', { name: /^Go to the field \/basePath: expected string/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ pointer: '/basePath' }));
  });
});

describe('before the validator has loaded (docs/editor-bundle.md#the-validator)', () => {
  it('says it is checking instead of "No problems", and counts once the validator is there', async () => {
    const { loadValidator } = await import('../validation/live-validator');
    render(<Panel problems={[]} onSelect={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'No problems' })).toBeNull();
    await loadValidator();
    expect(await screen.findByRole('button', { name: 'No problems' })).toBeInTheDocument();
  });
});

describe('when the validator does not load (docs/editor-bundle.md#when-the-validator-does-not-load)', () => {
  it('says the checks could not load instead of Checking…', async () => {
    vi.resetModules();
    vi.doMock('../validation/live-validator', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../validation/live-validator')>()),
      useValidatorStatus: () => 'failed',
    }));
    const { ProblemListPanel: Failed } = await import('./ProblemListPanel');
    render(
      <ChakraProvider value={defaultSystem}>
        <Failed
          problems={[]}
          serverProblems={[]}
          onSelect={vi.fn()}
          goesTo="field"
          lead={null}
          open={false}
          onOpenChange={vi.fn()}
        />
      </ChakraProvider>,
    );
    expect(screen.getByRole('button', { name: 'Checks could not load' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Checking…' })).toBeNull();
    vi.doUnmock('../validation/live-validator');
  });
});
