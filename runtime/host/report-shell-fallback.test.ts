import { forgetReportedFallbacks, reportShellFallback } from './report-shell-fallback';
import type { ShellFailure } from './screen-state';

const failure: ShellFailure = {
  document: 'de-DE',
  reason: 'wrong-shape',
  url: '/configs/de-DE.0123456789abcdef.json',
  message: 'de-DE config (/configs/de-DE.0123456789abcdef.json) is not a valid locale config: /footer must be object',
};

describe('reportShellFallback', () => {
  beforeEach(forgetReportedFallbacks);

  it('logs one console error naming the document and what is shown instead, and tracks the failure', () => {
    const logger = { error: vi.fn() };
    const track = vi.fn();
    reportShellFallback(failure, { logger, track });
    expect(logger.error).toHaveBeenCalledWith(
      'portal-shell: de-DE config (/configs/de-DE.0123456789abcdef.json) is not a valid locale config: /footer must be object; showing the fallback header and footer (docs/architecture.md#fallback-chrome)',
    );
    expect(track).toHaveBeenCalledWith(failure);
  });

  it('reports a failure once however often the fallback renders, and a different failure again', () => {
    const logger = { error: vi.fn() };
    const track = vi.fn();
    reportShellFallback(failure, { logger, track });
    reportShellFallback({ ...failure }, { logger, track });
    reportShellFallback(
      { ...failure, document: 'manifest', message: 'config manifest (/configs/manifest.json) is not JSON' },
      { logger, track },
    );
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(track).toHaveBeenCalledTimes(2);
  });
});
