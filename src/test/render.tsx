import { render, type RenderResult } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { Toaster } from "../components/toaster";
import { ThemeProvider } from "../providers/theme";

/** Shows the current location so tests can assert redirects. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** Renders routes inside the theme and a memory router at `url`, with a location probe. */
export function renderAt(url: string, routes: ReactNode): RenderResult {
  return render(
    <ThemeProvider>
      <Toaster />
      <MemoryRouter initialEntries={[url]}>
        <Routes>{routes}</Routes>
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

export { Route };
