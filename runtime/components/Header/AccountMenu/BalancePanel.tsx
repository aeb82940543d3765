import { useId } from 'react';
import type { BalanceFigure, BalancePanel as BalancePanelModel } from '../../../resolver';
import { Glyph } from '../../shared/Glyph';

export interface BalancePanelProps {
  balance: BalancePanelModel;
}

function Figure({ figure, emphasis }: { figure: BalanceFigure; emphasis: boolean }) {
  return (
    // The secondary figure keeps to the right edge, also when a narrow panel wraps it under the total.
    <div
      className={emphasis ? 'ps-balance-panel__figure' : 'ps-balance-panel__figure ps-balance-panel__figure--secondary'}
    >
      <dt className="ps-balance-panel__label">{figure.label}</dt>
      <dd
        className={
          figure.isNegative ? 'ps-balance-panel__amount ps-balance-panel__amount--negative' : 'ps-balance-panel__amount'
        }
        data-negative={figure.isNegative ? '' : undefined}
      >
        {figure.formatted}
      </dd>
    </div>
  );
}

/**
 * Total and available balance, or — when balances cannot be shown (maintenance, fetch error) —
 * a title whose explanation is a tooltip. The tooltip text is always in the DOM and tied to the
 * title with aria-describedby, so it is read out even when it is not visible. Styled by balance-panel.css.
 */
export function BalancePanel({ balance }: BalancePanelProps) {
  const tooltipId = `ps-balance-tip-${useId().replace(/:/g, '')}`;

  if (balance.kind === 'loading') {
    // The figures' own layout with the amounts held open, so the answer replaces them without moving anything.
    return (
      <dl className="ps-balance-panel ps-balance-panel--figures" data-testid="balance-loading" aria-busy="true">
        {[balance.totalLabel, balance.availableLabel].map((label, i) => (
          <div
            key={label}
            className={
              i === 0 ? 'ps-balance-panel__figure' : 'ps-balance-panel__figure ps-balance-panel__figure--secondary'
            }
          >
            <dt className="ps-balance-panel__label">{label}</dt>
            <dd className="ps-balance-panel__amount ps-balance-panel__amount--loading">{'\u00a0'}</dd>
          </div>
        ))}
      </dl>
    );
  }

  if (balance.kind === 'figures') {
    return (
      <dl className="ps-balance-panel ps-balance-panel--figures" data-testid="balance-figures">
        <Figure figure={balance.total} emphasis />
        <Figure figure={balance.available} emphasis={false} />
      </dl>
    );
  }

  return (
    <div
      className="ps-balance-panel ps-balance-panel--unavailable"
      data-testid="balance-unavailable"
      data-reason={balance.reason}
    >
      <button type="button" className="ps-balance-panel__title" aria-describedby={tooltipId}>
        <Glyph name="info" size="18px" tone="accent" />
        {balance.title}
      </button>
      <div id={tooltipId} role="tooltip" className="ps-balance-panel__tooltip">
        {balance.tooltip}
      </div>
    </div>
  );
}
