import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ParamErrorPanel } from './ParamErrorPanel';

export interface DraftErrorBoundaryProps {
  /** A new key (the draft revision shown) clears a caught error and renders the children again. */
  resetKey: string | number;
  /** Told about a render error; the editor preview reverts to the last good draft from here. */
  onError: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  caughtFor: string | number | null;
}

/**
 * Catches a render error in the editor preview. The owner reverts the draft in onError, which changes the
 * reset key; until then (and for an error no draft caused) a panel says what failed instead of a blank page.
 */
export class DraftErrorBoundary extends Component<DraftErrorBoundaryProps, State> {
  override state: State = { error: null, caughtFor: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: DraftErrorBoundaryProps, state: State): Partial<State> | null {
    if (state.error && state.caughtFor !== null && state.caughtFor !== props.resetKey)
      return { error: null, caughtFor: null };
    return null;
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    this.setState({ caughtFor: this.props.resetKey });
    this.props.onError(error);
  }

  override render(): ReactNode {
    if (this.state.error)
      return (
        <ParamErrorPanel
          title="The preview could not render"
          errors={[{ param: 'render', value: '', message: this.state.error.message }]}
        />
      );
    return this.props.children;
  }
}
