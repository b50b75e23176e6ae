import { Component, type ReactNode } from "react";
import { ErrorPage } from "../pages/ErrorPage";

/** Uncaught errors while rendering a page show the error page (docs/product.md#texts) instead of a blank screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

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
