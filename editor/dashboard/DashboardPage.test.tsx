import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { listDocumentsWithDamage } from '../api/documents-api';
import type { DocumentList } from '../api/types';
import { DashboardPage } from './DashboardPage';

vi.mock('../api/documents-api', () => ({ listDocumentsWithDamage: vi.fn() }));

const list: DocumentList = {
  documents: [
    {
      id: 'de-DE', kind: 'locale', valid: true, problemCount: 0,
      draft: { version: 2, etag: '"v2"', author: 'content-manager', time: '2026-01-05T10:00:00.000Z', message: 'm', action: 'save' },
      published: null, hasUnpublishedChanges: true, lastEditor: 'content-manager', lastEdited: '2026-01-05T10:00:00.000Z', versionCount: 2,
    },
  ],
  damaged: [{ id: 'flags', kind: 'flags', file: 'documents/flags/meta.json', problem: 'cannot be read (EACCES)', repair: 'check the permissions (docs/operations.md#repair)' }],
};

it('marks a damaged document with the file, the problem and the repair, and does not link it; the others open as usual', async () => {
  vi.mocked(listDocumentsWithDamage).mockResolvedValue(list);
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </ChakraProvider>,
  );
  const damagedRow = await screen.findByTestId('document-row-flags');
  expect(within(damagedRow).getByText('Damaged')).toBeVisible();
  expect(within(damagedRow).getByText('documents/flags/meta.json cannot be read (EACCES)')).toBeVisible();
  expect(within(damagedRow).getByText('Repair: check the permissions (docs/operations.md#repair)')).toBeVisible();
  expect(within(damagedRow).queryByRole('link')).toBeNull();
  expect(screen.getByText(/^flags is damaged and cannot be opened/)).toBeVisible();
  expect(within(screen.getByTestId('document-row-de-DE')).getByRole('link', { name: 'de-DE' })).toHaveAttribute('href', '/documents/de-DE');
});
