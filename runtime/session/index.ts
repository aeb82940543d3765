export * from './constants';
export * from './token-store';
export * from './session-machine';
export * from './auth-actions';
export * from './webview-cookie';
export * from './local-dev-token';
export * from './use-session';
