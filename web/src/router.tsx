import { createBrowserRouter, Navigate } from "react-router";
import { PublicOnly, RequireAuth, RootRedirect } from "./auth/guards";
import { ConfirmEmailPage } from "./pages/ConfirmEmailPage";
import { ForgotPasswordPage } from "./pages/ForgotPasswordPage";
import { LegalPage } from "./pages/LegalPage";
import { ResetPasswordPage } from "./pages/ResetPasswordPage";
import { SignInPage } from "./pages/SignInPage";
import { SignUpPage } from "./pages/SignUpPage";
import { WorkspacePage } from "./workspace/WorkspacePage";

const workspace = (
  <RequireAuth>
    <WorkspacePage />
  </RequireAuth>
);

/** The route table of spec section 2. */
export const router = createBrowserRouter([
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
]);
