/**
 * What the page's panels load and when (docs/editor-bundle.md#what-waits-until-it-is-used): the audience
 * matrix (its chunk and its worker) only once someone opens it, the history once the document is editable.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DOCUMENT_PANELS, type DocumentPanelProps } from './document-panels';
import { createDocumentSession, DocumentSessionContext } from './document-session';
import type { DocumentEditorState } from './use-document-editor';

const audienceMounts = vi.fn();
vi.mock('../audience/AudiencePanel', () => ({
  default: ({ onClose }: { onClose?: () => void }) => {
    audienceMounts();
    return (
      <section aria-label="matrix">
        <button type="button" onClick={onClose}>
          Hide the audience matrix
        </button>
      </section>
    );
  },
}));
vi.mock('./HistoryPanel', () => ({ HistoryPanel: () => <section aria-label="history">versions</section> }));

const props: DocumentPanelProps = {
  documentId: 'de-DE',
  canEdit: true,
  registry: { flags: [] },
  crossFile: {},
  goToPointer: () => undefined,
  editor: { revision: 1, draft: null } as unknown as DocumentEditorState,
};

function Panels() {
  const [session] = useState(createDocumentSession);
  return (
    <ChakraProvider value={defaultSystem}>
      <DocumentSessionContext.Provider value={session}>
        {DOCUMENT_PANELS.filter((p) => p.place === 'below').map(({ id, Panel }) => (
          <Panel key={id} {...props} />
        ))}
        <button type="button" onClick={() => session.getState().setEditable()}>
          editable
        </button>
      </DocumentSessionContext.Provider>
    </ChakraProvider>
  );
}

describe('the panels below the editor', () => {
  it('open the audience matrix only on request, and close it again', async () => {
    render(<Panels />);
    expect(screen.getByRole('heading', { name: 'Audience matrix' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'matrix' })).toBeNull();
    expect(audienceMounts).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Show the audience matrix' }));
    expect(await screen.findByRole('region', { name: 'matrix' })).toBeInTheDocument();
    expect(audienceMounts).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Hide the audience matrix' }));
    expect(screen.queryByRole('region', { name: 'matrix' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show the audience matrix' })).toBeInTheDocument();
  });

  it('show the history once the document is editable', async () => {
    render(<Panels />);
    expect(screen.getByLabelText('Loading the history')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'history' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'editable' }).click());
    expect(await screen.findByRole('region', { name: 'history' })).toHaveTextContent('versions');
  });
});
