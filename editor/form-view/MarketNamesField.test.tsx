import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { LOCALE_REGISTRY } from '../../schemas/locale-registry';
import { draftStore } from '../store/draft-store';
import { flagOptionsFrom } from '../validation/registries';
import { buildContext } from '../validation/validate-text';
import { useFormUi } from './form-ui-store';
import FormView from './FormView';
import { namesAfterEdit } from './MarketNamesField';

const flagsDoc = JSON.parse(readFileSync('config/flags.json', 'utf8')) as unknown;
const seed = readFileSync('config/markets.json', 'utf8');
type Market = { id: string; names?: Record<string, string> };
const market = (id: string) => (draftStore.getState().value as { markets: Market[] }).markets.find((m) => m.id === id)!;
const seededEu = (JSON.parse(seed) as { markets: Market[] }).markets.find((m) => m.id === 'eu')!;

function renderMarkets() {
  draftStore.getState().load('markets', seed);
  render(
    <ChakraProvider value={defaultSystem}>
      <FormView
        documentId="markets"
        readOnly={false}
        registry={{ flags: flagOptionsFrom(flagsDoc) }}
        crossFile={buildContext(flagsDoc, ['it-IT'])}
        onReady={() => undefined}
      />
    </ChakraProvider>,
  );
}

beforeEach(() => {
  draftStore.getState().reset();
  useFormUi.setState({ documentId: null, open: {}, focus: null });
});

describe('namesAfterEdit', () => {
  it('sets a language, drops a cleared one and gives no map once the last is cleared', () => {
    expect(namesAfterEdit(undefined, 'de', 'Andere')).toEqual({ de: 'Andere' });
    expect(namesAfterEdit({ de: 'Andere', fr: 'Autres' }, 'de', '')).toEqual({ fr: 'Autres' });
    expect(namesAfterEdit({ de: 'Andere' }, 'de', '')).toBeUndefined();
  });
});

describe('the market form edits names per language', { timeout: 60_000 }, () => {
  it('shows one box per registry language with the seeded names, and writes an edit to the draft', async () => {
    renderMarkets();
    await userEvent.click(await screen.findByRole('button', { name: /^Other \/ EU/, expanded: false }));
    const group = screen.getByRole('group', { name: /^Other \/ EU/ });
    for (const language of Object.keys(LOCALE_REGISTRY.languages)) {
      expect(within(group).getByLabelText(new RegExp(`\\(${language}\\)$`))).toHaveValue(
        seededEu.names?.[language] ?? '',
      );
    }
    const german = within(group).getByLabelText(/\(de\)$/);
    await userEvent.clear(german);
    await userEvent.type(german, 'Übrige Länder');
    expect(market('eu').names?.de).toBe('Übrige Länder');
    expect(market('eu').names?.fr).toBe(seededEu.names?.fr);
  });

  it('clearing every box removes names from the entry, not an empty map the schema refuses', async () => {
    renderMarkets();
    await userEvent.click(await screen.findByRole('button', { name: /^Other \/ EU/, expanded: false }));
    const group = screen.getByRole('group', { name: /^Other \/ EU/ });
    for (const language of Object.keys(seededEu.names ?? {}))
      await userEvent.clear(within(group).getByLabelText(new RegExp(`\\(${language}\\)$`)));
    expect(market('eu')).not.toHaveProperty('names');
    expect(draftStore.getState().text).not.toContain('"names"');
  });
});
