import { Component, type ReactNode } from 'react';
import { documentLabel } from '../config/config-load-error';
import type { ConfigDocumentId } from '../../schemas/validator/documents';
import type { ShellFailure } from './screen-state';

export interface ShellErrorBoundaryProps {
  configId: ConfigDocumentId;
  /** What renders instead of a shell that threw. */
  fallback: (failure: ShellFailure) => ReactNode;
  children: ReactNode;
}

/**
 * The last line behind the shape check (runtime/config/shape-check.ts): a document of the right shape whose
 * content still makes the shell throw gives the fallback chrome, not a blank page. The editor's preview
 * does not use it; its DraftErrorBoundary reverts to the last good draft instead.
 */
export class ShellErrorBoundary extends Component<ShellErrorBoundaryProps, { error: string | null }> {
  override state: { error: string | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const { configId } = this.props;
    return this.props.fallback({
      document: configId,
      reason: 'render-error',
      message: `${documentLabel(configId)} could not be rendered (${error})`,
    });
  }
}
