import { createBrowserRouter, Navigate } from "react-router";
import { PublicOnly, RequireAuth, RootRedirect } from "./auth/guards";
import { ConfirmEmailPage } from "./pages/ConfirmEmailPage";
import { ForgotPasswordPage } from "./pages/ForgotPasswordPage";
import { LegalPage } from "./pages/LegalPage";
import { ResetPasswordPage } from "./pages/ResetPasswordPage";
import { SignInPage } from "./pages/SignInPage";
import { SignUpPage } from "./pages/SignUpPage";
import { Suspense } from "react";
import { Splash } from "./components/Splash";
import { lazyNamed } from "./lib/lazy-chunk";
import { ErrorPage } from "./pages/ErrorPage";

// The workspace (editor, player, tools) is its own download: the sign-in pages never load it.
const WorkspacePage = lazyNamed(() => import("./workspace/WorkspacePage"), "WorkspacePage");

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
      { path: "/signup", element: <PublicOnly><SignUpPage /></PublicOnly> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/confirm-email", element: <ConfirmEmailPage /> },
      { path: "/terms", element: <LegalPage kind="terms" /> },
      { path: "/privacy", element: <LegalPage kind="privacy" /> },
      { path: "/dashboard", element: workspace },
      { path: "/dashboard/file/:fileId", element: workspace },
      { path: "/dashboard/folder/:folderId", element: workspace },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
