import { Box, chakra, Flex } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import type { LocaleConfig } from '../../../schemas/generated/config-types';
import { fillTemplate } from '../../resolver';
import { formatCountdown } from './format-countdown';

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

const cardStyles = {
  position: 'fixed',
  zIndex: 'modal',
  insetX: { base: '4', md: 'auto' },
  right: { md: '6' },
  bottom: { base: '4', md: '6' },
  w: { md: '400px' },
  p: '5',
  bg: 'bg',
  color: 'fg',
  rounded: 'lg',
  shadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border',
} as const;

/**
 * The session-expiry warning. Presentational: the countdown logic and timers live elsewhere.
 * It is an alertdialog that takes focus once when it appears (so keyboard users can extend at
 * once); the ticking time itself is not a live region, so screen readers are not interrupted
 * every second.
 */
export function SessionCountdown({ remainingSeconds, extended, strings, onExtend, onLogout }: SessionCountdownProps) {
  const titleId = useId();
  const textId = useId();
  const firstButtonRef = useRef<HTMLButtonElement>(null);
  const visible = !extended && remainingSeconds !== null;

  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    firstButtonRef.current?.focus();
    return () => previous?.focus();
  }, [visible]);

  if (extended) {
    return (
      <Box css={cardStyles} role="status" data-testid="session-extended">
        {strings.extended}
      </Box>
    );
  }
  if (remainingSeconds === null) return null;

  return (
    <Box css={cardStyles} role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} data-testid="session-countdown">
      <chakra.h2 id={titleId} fontSize="lg" fontWeight="bold">
        {strings.countdownTitle}
      </chakra.h2>
      <chakra.p id={textId} mt="2" color="fg.muted">
        {fillTemplate(strings.countdownText, { time: formatCountdown(remainingSeconds) })}
      </chakra.p>
      <Flex mt="4" gap="3" wrap="wrap">
        {onExtend && (
          <chakra.button
            ref={firstButtonRef}
            type="button"
            minH="44px"
            px="5"
            rounded="md"
            bg="accent"
            color="accent.fg"
            fontWeight="semibold"
            _hover={{ bg: 'accent.hover' }}
            onClick={onExtend}
          >
            {strings.extend}
          </chakra.button>
        )}
        <chakra.button
          ref={onExtend ? undefined : firstButtonRef}
          type="button"
          minH="44px"
          px="5"
          rounded="md"
          borderWidth="2px"
          borderColor="accent"
          color="accent"
          fontWeight="semibold"
          _hover={{ bg: 'accent.subtle' }}
          onClick={onLogout}
        >
          {strings.logout}
        </chakra.button>
      </Flex>
    </Box>
  );
}
