import { BrowserRouter } from "react-router";
import { ErrorBoundary } from "./components/error-boundary";
import { PageLoader } from "./components/page-loader";
import { Toaster } from "./components/toaster";
import { ThemeProvider } from "./providers/theme";
import { AppRoutes } from "./routes/app-routes";
import { SessionEffects } from "./security/session-effects";
import { PersistGate } from "./state/persist-gate";

/**
 * The light outer app: theme, toaster, error boundary, restored session, router and guards. Refine and the shell
 * load lazily with the first role-area route (src/routes/authenticated-app.tsx).
 */
export function App() {
  return (
    <ThemeProvider>
      <Toaster />
      <ErrorBoundary>
        <PersistGate fallback={<PageLoader fullPage />}>
          <BrowserRouter>
            <SessionEffects />
            <AppRoutes />
          </BrowserRouter>
        </PersistGate>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
