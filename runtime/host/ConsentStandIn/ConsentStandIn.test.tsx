import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DENIED_CONSENT, type ConsentState, type ConsentUpdate } from '../../tracking';
import { ConsentStandIn } from './ConsentStandIn';

/** A page with the consent-settings link that opens the stand-in, as the preview's footer does. */
function Page({ state = DENIED_CONSENT, onSave }: { state?: ConsentState; onSave: (update: ConsentUpdate) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cookie settings
      </button>
      {open && <ConsentStandIn state={state} settingsId="settings-de" onSave={onSave} onClose={() => setOpen(false)} />}
    </>
  );
}

async function openStandIn(props: { state?: ConsentState } = {}) {
  const onSave = vi.fn();
  const user = userEvent.setup();
  render(<Page {...props} onSave={onSave} />);
  await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
  return { onSave, user, dialog: screen.getByRole('dialog', { name: 'Privacy settings' }) };
}

describe('ConsentStandIn', () => {
  it('is a modal dialog that takes focus and says it stands in for the consent manager', async () => {
    const { dialog } = await openStandIn();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/Preview stand-in.*settings id settings-de/);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('starts from the page’s consent: a category is on when every key it grants is granted', async () => {
    await openStandIn({ state: { ...DENIED_CONSENT, analytics_storage: 'granted', ad_storage: 'granted' } });
    expect(screen.getByRole('switch', { name: /Essential/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Essential/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Analytics/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Marketing/ })).not.toBeChecked();
  });

  it('saves the chosen categories as a consent-mode update, every key granted or denied, then closes', async () => {
    const { onSave, user } = await openStandIn();
    await user.click(screen.getByRole('switch', { name: /Analytics/ }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toHaveFocus();
  });

  it('grants all four keys with Accept all', async () => {
    const { onSave, user } = await openStandIn();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  it('closes on Escape without saving, with focus back on the link that opened it', async () => {
    const { onSave, user } = await openStandIn();
    await user.click(screen.getByRole('switch', { name: /Marketing/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const { dialog, user } = await openStandIn();
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
