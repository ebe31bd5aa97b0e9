import { lazy, Suspense, type ComponentType } from "react";
import { Route, Routes } from "react-router";
import { ROLE_AREAS, ROLES } from "../../contract";
import { PageLoader } from "../components/page-loader";
import { PublicOnly, RequireArea, UrlGuard } from "../security/guards";
import { PUBLIC_PATHS } from "./paths";

function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * Even the login page is lazy: a visitor who arrives signed in (the common case) never loads the form code
 * (react-hook-form), and the login route's total stays the same.
 */
const LoginPage = lazyNamed(() => import("../pages/public/login-page"), "LoginPage");
const RegisterPage = lazyNamed(() => import("../pages/public/register-page"), "RegisterPage");
const ForgetPasswordPage = lazyNamed(() => import("../pages/public/forget-password-page"), "ForgetPasswordPage");
const ResetPasswordPage = lazyNamed(() => import("../pages/public/reset-password-page"), "ResetPasswordPage");
const ConfirmEmailPage = lazyNamed(() => import("../pages/public/confirm-email-page"), "ConfirmEmailPage");
const AcceptInvitePage = lazyNamed(() => import("../pages/public/accept-invite-page"), "AcceptInvitePage");
const NotFoundPage = lazy(async () => ({ default: (await import("../pages/public/not-found-page")).NotFoundPage }));

/** Refine, the providers and the shell: one chunk, loaded with the first role-area route. */
const AuthenticatedApp = lazy(async () => ({ default: (await import("./authenticated-app")).AuthenticatedApp }));

const strip = (p: string) => p.replace(/^\//, "");

/** The route tree: the public pages, then one branch per role area (its routes: src/routes/area-routes.tsx). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader fullPage />}>
      <Routes>
        <Route element={<UrlGuard />}>
          <Route element={<PublicOnly />}>
            <Route index element={<LoginPage />} />
            <Route path={strip(PUBLIC_PATHS.register)} element={<RegisterPage />} />
            <Route path={strip(PUBLIC_PATHS.forgetPassword)} element={<ForgetPasswordPage />} />
          </Route>
          <Route path={strip(PUBLIC_PATHS.resetPassword)} element={<ResetPasswordPage />} />
          <Route path={strip(PUBLIC_PATHS.confirmEmail)} element={<ConfirmEmailPage />} />
          <Route path={strip(PUBLIC_PATHS.acceptInvite)} element={<AcceptInvitePage />} />
          {ROLES.map((role) => (
            <Route
              key={role}
              path={`${strip(ROLE_AREAS[role].prefix)}/*`}
              element={
                <RequireArea role={role}>
                  <AuthenticatedApp role={role} />
                </RequireArea>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
