import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shippedReviewLoader } from './__fixtures__/review-loader';
import { at, editText, shippedText } from './__fixtures__/shipped-documents';
import { createAnalysisClient } from './analysis-client';
import { ChangeReview, type ChangeReviewProps } from './ChangeReview';

const SLOW = { timeout: 20_000 };
const inThread = () => createAnalysisClient({ useWorker: false });

function renderReview(members: ChangeReviewProps['members'], props: Partial<ChangeReviewProps> = {}) {
  render(
    <ChakraProvider value={defaultSystem}>
      <ChangeReview members={members} clientFactory={inThread} loader={shippedReviewLoader} {...props} />
    </ChakraProvider>,
  );
  return screen.getByRole('region', { name: 'Publish review' });
}

const audiences = (article: HTMLElement) =>
  within(article)
    .getAllByTestId('audience')
    .map((a) => a.textContent);
const newHref = editText(
  shippedText('de-DE'),
  (doc) =>
    void ((at(doc, '/header/private/navItems/0/subMenus/main/4') as { href: string }).href = '/dashboard/overnight/'),
);

describe('ChangeReview', { timeout: 60_000 }, () => {
  it('lists every member’s changes with their exact audiences', async () => {
    const onSettled = vi.fn();
    const review = renderReview(
      [
        { id: 'de-DE', draftText: newHref },
        {
          id: 'de-AT',
          draftText: shippedText('de-AT').replace('"title": "Impressum"', '"title": "Impressum & Offenlegung"'),
        },
      ],
      { onSettled },
    );
    const href = await within(review).findByRole('article', { name: 'Link: Tagesgeld (de-DE)' }, SLOW);
    expect(href).toHaveTextContent('“/dashboard/savings/overnight/” → “/dashboard/overnight/”');
    expect(href).toHaveTextContent('Header (private) › Mein Sparen');
    expect(audiences(href)).toEqual([
      'de-DE — customer, company — with newDepositsPage on and access HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
    ]);
    const label = within(review).getByRole('article', { name: 'Label: Impressum & Offenlegung (de-AT)' });
    expect(audiences(label)).toEqual(['de-AT — every persona']);
    expect(review).toHaveTextContent(/\d+ combinations resolved in \d+ ms/);
    expect(onSettled).toHaveBeenCalledWith('ready');
  });

  it('shows a chosen change old and new side by side: the published preview and the draft fed to the editor’s preview', async () => {
    const review = renderReview([{ id: 'de-DE', draftText: newHref }]);
    const change = await within(review).findByRole('article', { name: 'Link: Tagesgeld (de-DE)' }, SLOW);
    await userEvent.click(within(change).getByRole('button', { name: 'Show before and after' }));
    const before = within(review).getByTitle(/^Before: de-DE, customer, /) as HTMLIFrameElement;
    const after = within(review).getByTitle(/^After: de-DE, customer, /) as HTMLIFrameElement;
    const query = new URLSearchParams(before.getAttribute('src')!.split('?')[1]);
    expect(query.get('persona')).toBe('customer');
    expect(query.get('flags')!.split(',')).toContain('newDepositsPage');
    expect(query.get('access')!.split(',')).toContain('HAS_OVERNIGHT_DEPOSIT_ACCOUNT');
    expect(before.getAttribute('src')).not.toContain('source=editor');
    expect(after.getAttribute('src')).toBe(`${before.getAttribute('src')}&source=editor`);
  });

  it('names the member whose draft does not validate', async () => {
    const onSettled = vi.fn();
    const review = renderReview([{ id: 'de-DE', draftText: '{' }], { onSettled });
    expect(await within(review).findByRole('alert', undefined, SLOW)).toHaveTextContent(
      /The review could not be computed: the draft of de-DE does not validate: 1:2/,
    );
    expect(onSettled).toHaveBeenCalledWith('failed');
  });
});
