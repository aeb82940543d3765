/**
 * The small-screen action bar's horizontal metrics, as action-bar.css draws them (action-bar-metrics.test.ts
 * reads the stylesheet and fails when the two disagree). The audience lint works out how many characters the
 * labels may have from these (editor/analysis/labels.ts, docs/lint-matrix.md#overflow-budgets-at-375-px).
 */
export const ACTION_BAR_METRICS = {
  /** A button's padding and border on each side. */
  buttonPaddingPx: 8,
  buttonBorderPx: 2,
  /** Label size (semibold), the bar's padding on each side and the gap between its buttons, from `narrowBelowPx` up. */
  wide: { fontPx: 16, barPaddingPx: 16, gapPx: 12 },
  /** The same on screens narrower than `narrowBelowPx`. */
  narrow: { fontPx: 14, barPaddingPx: 12, gapPx: 8 },
  narrowBelowPx: 375,
  /** The narrowest screen the shell is drawn for. */
  minViewportPx: 320,
} as const;

/** The label size and spacing the bar has on a screen `viewportPx` wide. */
export function actionBarSpacing(viewportPx: number): (typeof ACTION_BAR_METRICS)['wide' | 'narrow'] {
  return viewportPx < ACTION_BAR_METRICS.narrowBelowPx ? ACTION_BAR_METRICS.narrow : ACTION_BAR_METRICS.wide;
}

/**
 * Room for the labels of `buttons` buttons side by side on a screen `viewportPx` wide. The labels never wrap
 * (docs/rules.md#design-versions): each button is at least as wide as its label, so together they must fit.
 */
export function actionBarLabelRoom(buttons: number, viewportPx: number): number {
  const { barPaddingPx, gapPx } = actionBarSpacing(viewportPx);
  const { buttonPaddingPx, buttonBorderPx } = ACTION_BAR_METRICS;
  return (
    viewportPx - 2 * barPaddingPx - gapPx * Math.max(0, buttons - 1) - buttons * 2 * (buttonPaddingPx + buttonBorderPx)
  );
}

/**
 * The tightest screens for each label size: the narrowest supported one (small labels) and the narrowest one with
 * full-size labels. A row of labels that fits on both fits on every width in between and above.
 */
export function actionBarTightestWidths(): { viewportPx: number; fontPx: number }[] {
  const { minViewportPx, narrowBelowPx } = ACTION_BAR_METRICS;
  return [minViewportPx, narrowBelowPx].map((viewportPx) => ({
    viewportPx,
    fontPx: actionBarSpacing(viewportPx).fontPx,
  }));
}
