import { useLocation, useNavigate } from 'react-router-dom';
import type { FlagsDocument } from '../../schemas/generated/config-types';
import { usePublishedDocument } from '../config/get-published-config';
import { parsePreviewParams, serializePreviewParams } from '../preview/preview-params';
import { ParamErrorPanel } from './ParamErrorPanel';
import { ShellScreen } from './ShellScreen';

/** /preview?locale=&persona=&page=&flags=&access=&data=&session=&token=&latency=&fault= (docs/preview-url.md). */
export function PreviewRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const flags = usePublishedDocument<FlagsDocument>('flags');
  if (flags.error) return <ParamErrorPanel title="The flag registry could not be loaded" errors={[{ param: 'flags', value: '', message: (flags.error as Error).message }]} />;
  if (!flags.data) return <div aria-busy="true" />;
  const parsed = parsePreviewParams(location.search, flags.data.flags.map((f) => f.id));
  if (parsed.ignored.length > 0) console.warn(`[preview] ignored unknown parameter(s): ${parsed.ignored.join(', ')}`);
  if (parsed.errors.length > 0) return <ParamErrorPanel title="This preview link has a problem" errors={parsed.errors} />;
  const country = new URLSearchParams(location.search).get('country') ?? undefined;
  return (
    <ShellScreen
      scenario={parsed.scenario}
      {...(country ? { countryChoice: country } : {})}
      onNavigate={(change) => {
        const { href: _href, ...rest } = change;
        navigate(`/preview?${serializePreviewParams({ ...parsed.scenario, ...rest })}`);
      }}
    />
  );
}
