import { Component, type ReactNode } from 'react';
import { RouteErrorFallback } from './RouteErrorFallback';

interface Props {
  /** The page's path: going to another page clears the error, as the visitor expects of a link. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/**
 * Catches what a page throws while rendering or loading its code (a chunk that failed to download) and shows
 * 'Unexpected Application Error!' (docs/product.md#layout) in the page's place, so the header and footer stay
 * usable.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RouteErrorFallback error={this.state.error} />;
  }
}
