import { createBrowserRouter, Navigate } from "react-router";
import { PublicOnly, RequireAuth, RootRedirect } from "./auth/guards";
import { SignInPage } from "./pages/SignInPage";
import { Suspense, type ReactNode } from "react";
import { Splash } from "./components/Splash";
import { lazyNamed } from "./lib/lazy-chunk";
import { ErrorPage } from "./pages/ErrorPage";

// The workspace (editor, player, tools) is its own download: the sign-in pages never load it.
const WorkspacePage = lazyNamed(() => import("./workspace/WorkspacePage"), "WorkspacePage");
// The other account pages are small downloads of their own: /signin loads only itself.
const SignUpPage = lazyNamed(() => import("./pages/SignUpPage"), "SignUpPage");
const ForgotPasswordPage = lazyNamed(() => import("./pages/ForgotPasswordPage"), "ForgotPasswordPage");
const ResetPasswordPage = lazyNamed(() => import("./pages/ResetPasswordPage"), "ResetPasswordPage");
const ConfirmEmailPage = lazyNamed(() => import("./pages/ConfirmEmailPage"), "ConfirmEmailPage");
const LegalPage = lazyNamed(() => import("./pages/LegalPage"), "LegalPage");

const page = (element: ReactNode) => <Suspense fallback={<Splash />}>{element}</Suspense>;

const workspace = (
  <RequireAuth>
    <Suspense fallback={<Splash />}>
      <WorkspacePage />
    </Suspense>
  </RequireAuth>
);

/** The route table of spec section 2; uncaught errors anywhere show the error page. */
export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    children: [
      { path: "/", element: <RootRedirect /> },
      { path: "/signin", element: <PublicOnly><SignInPage /></PublicOnly> },
      { path: "/signup", element: <PublicOnly>{page(<SignUpPage />)}</PublicOnly> },
      { path: "/forgot-password", element: page(<ForgotPasswordPage />) },
      { path: "/reset-password", element: page(<ResetPasswordPage />) },
      { path: "/confirm-email", element: page(<ConfirmEmailPage />) },
      { path: "/terms", element: page(<LegalPage kind="terms" />) },
      { path: "/privacy", element: page(<LegalPage kind="privacy" />) },
      { path: "/dashboard", element: workspace },
      { path: "/dashboard/file/:fileId", element: workspace },
      { path: "/dashboard/folder/:folderId", element: workspace },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
