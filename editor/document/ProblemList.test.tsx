import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Problem } from '../../schemas/contracts';
import { ProblemList } from './ProblemList';

const problems: Problem[] = [
  {
    code: 'unknown-flag',
    file: 'draft de-DE',
    line: 237,
    column: 27,
    pointer: '/header/x/visibility/flag',
    message: 'rule names unknown flag "newDashbord"',
    hint: 'did you mean "newDashboard"?',
  },
];

describe('ProblemList', () => {
  it('lists pointer, line:col, message and hint, and a click selects the problem line', async () => {
    const onSelect = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <ProblemList title="Problems" problems={problems} onSelect={onSelect} />
      </ChakraProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Problems (1)' })).toBeInTheDocument();
    const button = screen.getByRole('button', {
      name: 'Go to line 237, column 27: rule names unknown flag "newDashbord"',
    });
    expect(button).toHaveTextContent('237:27 /header/x/visibility/flag');
    expect(button).toHaveTextContent('Hint: did you mean "newDashboard"?');
    await userEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ line: 237, column: 27 }));
  });

  it('shows the empty text when there are no problems', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <ProblemList title="Problems" problems={[]} emptyText="No problems" />
      </ChakraProvider>,
    );
    expect(screen.getByText('No problems')).toBeInTheDocument();
  });
});
