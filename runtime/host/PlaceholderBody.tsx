import type { PageKind } from '../../schemas/contracts';

/** Stands in for the page's own content; the shell is what the portal host demonstrates. */
export function PlaceholderBody({ page }: { page: PageKind }) {
  return (
    <section aria-label="Page content" data-testid="page-body" style={{ minHeight: 480, padding: '48px 0' }}>
      <div style={{ border: '2px dashed #c8d3e0', borderRadius: 16, padding: 32, color: '#3d5a80', background: '#f7f9fc' }}>
        <p style={{ margin: 0, fontSize: 14, textTransform: 'uppercase', letterSpacing: 1 }}>Page content</p>
        <p style={{ margin: '8px 0 0', fontSize: 24, fontWeight: 600 }}>{page}</p>
      </div>
    </section>
  );
}
