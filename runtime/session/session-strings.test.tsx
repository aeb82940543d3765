import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LocaleConfig } from '../../schemas/generated/config-types';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator/documents';
import { renderWithShell } from '../components/__fixtures__/render';
import { SessionCountdown } from '../components/SessionCountdown/SessionCountdown';

/** Countdown and confirmation texts exist in de, en, es, fr, nl, pl, fi, it and ch, in every shipped config. */

const configs = LOCALE_CONFIG_IDS.map(
  (id) =>
    [id, JSON.parse(readFileSync(resolve(__dirname, '../../config', `${id}.json`), 'utf8')) as LocaleConfig] as const,
);

describe('session texts in the configs', () => {
  it('covers every config of the registry and the nine session languages', () => {
    const languages = new Set(configs.map(([id]) => (id === 'de-CH' ? 'ch' : id.slice(0, 2))));
    expect([...languages].sort()).toEqual(['ch', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'pl']);
  });

  it.each(configs)('%s has every session text, and the countdown text takes {time}', (_, config) => {
    const strings = config.strings.session;
    for (const key of ['countdownTitle', 'countdownText', 'extend', 'logout', 'extended', 'expired'] as const)
      expect(strings[key].trim()).not.toBe('');
    expect(strings.countdownText).toContain('{time}');
  });

  it.each(configs)('%s renders the countdown with the time filled in', (_, config) => {
    const strings = config.strings.session;
    renderWithShell(
      <SessionCountdown
        remainingSeconds={75}
        extended={false}
        strings={strings}
        onExtend={() => {}}
        onLogout={() => {}}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: strings.countdownTitle });
    expect(dialog).toHaveAccessibleDescription(strings.countdownText.replace('{time}', '1:15'));
    expect(dialog.textContent).not.toMatch(/\{\w+\}/);
    expect(screen.getByRole('button', { name: strings.extend })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: strings.logout })).toBeInTheDocument();
  });
});
