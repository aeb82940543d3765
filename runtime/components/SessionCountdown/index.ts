export { SessionCountdown, type SessionCountdownProps, type SessionStrings } from './SessionCountdown';
