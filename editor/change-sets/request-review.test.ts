import { actOnChangeSet, createChangeSet, listChangeSets } from '../api/change-sets-api';
import { changeSet } from './__fixtures__/change-set';
import { planReviewRequest, requestReview } from './request-review';

vi.mock('../api/change-sets-api', () => ({
  listChangeSets: vi.fn(),
  createChangeSet: vi.fn(),
  actOnChangeSet: vi.fn(),
}));

describe('Request review… (docs/workflow.md#approval)', () => {
  const published = changeSet({ id: 'cs-pppppppppp', state: 'published' });

  it('plans a new set when no unpublished set holds the document', () => {
    expect(planReviewRequest([published], 'de-DE')).toEqual({ kind: 'create' });
  });

  it('submits the draft set that holds it, and leaves one already in review or approved as it is', () => {
    const draft = changeSet({ state: 'draft' });
    expect(planReviewRequest([published, draft], 'de-DE')).toEqual({ kind: 'submit', changeSet: draft });
    const inReview = changeSet({ state: 'in-review' });
    expect(planReviewRequest([inReview], 'de-DE')).toEqual({ kind: 'already', changeSet: inReview });
    expect(planReviewRequest([inReview], 'fr-FR')).toEqual({ kind: 'create' });
  });

  it('creates the set titled with the message, then submits it at the revision it was created with', async () => {
    const created = changeSet({ revision: 1 });
    vi.mocked(listChangeSets).mockResolvedValue({ changeSets: [published], requireApproval: true });
    vi.mocked(createChangeSet).mockResolvedValue(created);
    vi.mocked(actOnChangeSet).mockResolvedValue(changeSet({ state: 'in-review', revision: 2 }));
    const result = await requestReview('de-DE', 'Zahlarten');
    expect(createChangeSet).toHaveBeenCalledWith({ title: 'Zahlarten', documents: ['de-DE'] });
    expect(actOnChangeSet).toHaveBeenCalledWith(created.id, 1, { action: 'submit' });
    expect(result.changeSet.state).toBe('in-review');
  });
});
