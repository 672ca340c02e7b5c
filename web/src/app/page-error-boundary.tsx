import { Component, type ReactNode } from 'react';
import { ErrorPage } from './pages/error-page';

interface PageErrorBoundaryProps {
  /** A change (the route's path) clears a caught error, so the next page renders afresh. */
  resetKey: string;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: string;
}

/**
 * Catches an error thrown while rendering a page, including a lazily loaded page whose code
 * could not be fetched (say, after a new version replaced the old chunks), and shows the
 * error page in place of the whole layout.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: undefined, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<PageErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageErrorBoundaryState): Partial<PageErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.hasError ? <ErrorPage /> : this.props.children;
  }
}
