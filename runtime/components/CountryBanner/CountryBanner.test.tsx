import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bannerStrings } from '../__fixtures__/models';
import { renderWithShell } from '../__fixtures__/render';
import { CountryBanner } from './CountryBanner';

describe('CountryBanner', () => {
  it('fills {market} and wires both buttons', async () => {
    const onAllGood = vi.fn();
    const onChooseMarket = vi.fn();
    renderWithShell(
      <CountryBanner
        text={bannerStrings.text}
        market="Deutschland"
        allGoodLabel={bannerStrings.allGood}
        chooseLabel={bannerStrings.chooseMarket}
        onAllGood={onAllGood}
        onChooseMarket={onChooseMarket}
      />,
    );
    const user = userEvent.setup();
    const region = screen.getByRole('region');
    expect(region).toHaveAccessibleName(
      'We suggest the Depona site for this country: Deutschland. Would you like to go there?',
    );
    await user.click(screen.getByRole('button', { name: 'All good, stay here' }));
    expect(onAllGood).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Choose country' }));
    expect(onChooseMarket).toHaveBeenCalledTimes(1);
  });

  it('shows an already filled text as it is', () => {
    renderWithShell(
      <CountryBanner
        text="You are in Spain."
        allGoodLabel="OK"
        chooseLabel="Choose"
        onAllGood={() => {}}
        onChooseMarket={() => {}}
      />,
    );
    expect(screen.getByText('You are in Spain.')).toBeInTheDocument();
  });
});
