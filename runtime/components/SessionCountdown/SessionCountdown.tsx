import { useEffect, useId, useRef } from 'react';
import type { LocaleConfig } from '../../../schemas/generated/config-types';
import { fillTemplate } from '../../resolver';
import { formatCountdown } from './format-countdown';
import { activeElementOf } from '../shared/active-element';

export type SessionStrings = LocaleConfig['strings']['session'];

export interface SessionCountdownProps {
  /** Seconds until logout; null while the countdown is not due (more than 120 s idle time left). */
  remainingSeconds: number | null;
  /** Show the "session extended" confirmation instead (the caller hides it after 5 s). */
  extended: boolean;
  strings: SessionStrings;
  /** Omitted when extending is no longer allowed (docs/rules.md#session-countdown); the extend button is then not offered. */
  onExtend?: () => void;
  onLogout: () => void;
}

/**
 * The session-expiry warning. Presentational: the countdown logic and timers live elsewhere.
 * It is an alertdialog that takes focus once when it appears (so keyboard users can extend at
 * once); the ticking time itself is not a live region, so screen readers are not interrupted
 * every second. Styled by session-countdown.css.
 */
export function SessionCountdown({ remainingSeconds, extended, strings, onExtend, onLogout }: SessionCountdownProps) {
  const titleId = useId();
  const textId = useId();
  const firstButtonRef = useRef<HTMLButtonElement>(null);
  const visible = !extended && remainingSeconds !== null;

  useEffect(() => {
    if (!visible) return;
    const focused = activeElementOf(firstButtonRef.current);
    const previous = focused instanceof HTMLElement ? focused : null;
    firstButtonRef.current?.focus();
    return () => previous?.focus();
  }, [visible]);

  if (extended) {
    return (
      <div className="ps-root ps-session-countdown" role="status" data-testid="session-extended">
        {strings.extended}
      </div>
    );
  }
  if (remainingSeconds === null) return null;

  return (
    <div
      className="ps-root ps-session-countdown"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="session-countdown"
    >
      <h2 id={titleId} className="ps-session-countdown__title">
        {strings.countdownTitle}
      </h2>
      <p id={textId} className="ps-session-countdown__text">
        {fillTemplate(strings.countdownText, { time: formatCountdown(remainingSeconds) })}
      </p>
      <div className="ps-session-countdown__actions">
        {onExtend && (
          <button
            ref={firstButtonRef}
            type="button"
            className="ps-session-countdown__button ps-session-countdown__button--primary"
            onClick={onExtend}
          >
            {strings.extend}
          </button>
        )}
        <button
          ref={onExtend ? undefined : firstButtonRef}
          type="button"
          className="ps-session-countdown__button ps-session-countdown__button--secondary"
          onClick={onLogout}
        >
          {strings.logout}
        </button>
      </div>
    </div>
  );
}
