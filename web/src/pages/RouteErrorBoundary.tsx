import { Component, type ReactNode } from "react";
import { onChunkFailure } from "../lib/lazy-chunk";
import { ErrorPage } from "./ErrorPage";

/**
 * Uncaught errors while rendering a page show the error page (docs/product.md#texts) instead
 * of a blank screen; so does a part of the app that failed to download outside rendering
 * (a form's checks on submit, a dialog's code), which no render would otherwise see.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  private unsubscribe = () => {};

  override componentDidMount() {
    this.unsubscribe = onChunkFailure((error) => this.setState({ error }));
  }

  override componentWillUnmount() {
    this.unsubscribe();
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error("Unexpected application error", error);
  }

  override render() {
    return this.state.error === null ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}
