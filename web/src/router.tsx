import { Navigate, Route, Routes } from "react-router";
import { PublicOnly, RequireAuth, RootRedirect } from "./auth/guards";
import { SignInPage } from "./pages/SignInPage";
import { Suspense, type ReactNode } from "react";
import { Splash } from "./components/Splash";
import { lazyNamed } from "./lib/lazy-chunk";
import { RouteErrorBoundary } from "./pages/RouteErrorBoundary";

// The workspace (editor, player, tools) is its own download: the sign-in pages never load it.
const WorkspacePage = lazyNamed(() => import("./workspace/WorkspacePage"), "WorkspacePage");
// The other account pages are small downloads of their own: /signin loads only itself.
const SignUpPage = lazyNamed(() => import("./pages/SignUpPage"), "SignUpPage");
const ForgotPasswordPage = lazyNamed(() => import("./pages/ForgotPasswordPage"), "ForgotPasswordPage");
const ResetPasswordPage = lazyNamed(() => import("./pages/ResetPasswordPage"), "ResetPasswordPage");
const ConfirmEmailPage = lazyNamed(() => import("./pages/ConfirmEmailPage"), "ConfirmEmailPage");
const LegalPage = lazyNamed(() => import("./pages/LegalPage"), "LegalPage");
// A transcript shared by link: its own small download, for visitors without an account.
const SharedPage = lazyNamed(() => import("./share/SharedPage"), "SharedPage");
const AcceptInvitationPage = lazyNamed(() => import("./teams/AcceptInvitationPage"), "AcceptInvitationPage");
// The API reference: the renderer is large, so only this page downloads it.
const ApiDocsPage = lazyNamed(() => import("./docs/ApiDocsPage"), "ApiDocsPage");

const page = (element: ReactNode) => <Suspense fallback={<Splash />}>{element}</Suspense>;

const workspace = (
  <RequireAuth>
    <Suspense fallback={<Splash />}>
      <WorkspacePage />
    </Suspense>
  </RequireAuth>
);

/**
 * The route table of docs/product.md#screens; uncaught errors anywhere show the error page.
 * Declarative routes: the app loads no data through the router, and its data
 * router would add about 15 KB to every first visit.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route
          path="/signin"
          element={
            <PublicOnly>
              <SignInPage />
            </PublicOnly>
          }
        />
        <Route path="/signup" element={<PublicOnly>{page(<SignUpPage />)}</PublicOnly>} />
        <Route path="/forgot-password" element={page(<ForgotPasswordPage />)} />
        <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
        <Route path="/confirm-email" element={page(<ConfirmEmailPage />)} />
        <Route path="/terms" element={page(<LegalPage kind="terms" />)} />
        <Route path="/privacy" element={page(<LegalPage kind="privacy" />)} />
        <Route path="/s/:secret" element={page(<SharedPage />)} />
        <Route path="/invitations/accept" element={page(<AcceptInvitationPage />)} />
        <Route path="/docs/api" element={page(<ApiDocsPage />)} />
        <Route path="/dashboard" element={workspace} />
        <Route path="/dashboard/file/:fileId" element={workspace} />
        <Route path="/dashboard/folder/:folderId" element={workspace} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </RouteErrorBoundary>
  );
}
