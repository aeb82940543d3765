import type { PageKind } from '../../schemas/contracts';
import { PageContainer } from '../components/PageContainer';
import { PlaceholderBody } from './PlaceholderBody';

/**
 * The page area of a portal page, in one place for the live shell and the server's render of it
 * (runtime/render/render-portal-page.tsx): the two must render the same element for the page to hydrate.
 */
export function PortalBody({ page, locale }: { page: PageKind; locale: string }) {
  return (
    <PageContainer>
      <PlaceholderBody page={page} locale={locale} />
    </PageContainer>
  );
}
