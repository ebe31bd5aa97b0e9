import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MSG, ROLES } from "../../contract";
import { areaRoutes, RESOURCES } from "../../resources";
import { SessionAbilityProvider } from "../providers";
import { sessionStore } from "../state/session";
import { renderAt, Route } from "../test/render";
import { PAGE_FILES, pageComponent, pageExportName } from "./pages";
import { RouteScreen } from "./route-screen";

const declared = new Set(
  RESOURCES.flatMap((r) =>
    r.routes.flatMap((route) =>
      [route.page, ...(route.children ?? []).map((c) => c.page)].map((p) => `${r.name}/${p}`),
    ),
  ),
);

afterEach(() => sessionStore.logout());

describe("page files (src/pages/<resource>/<page>.tsx)", () => {
  it("belong to a declared route: no orphan page", () => {
    expect(PAGE_FILES.filter((f) => !declared.has(f))).toEqual([]);
  });

  it.each(PAGE_FILES)(
    "%s exports its conventional component name",
    async (file) => {
      const [resource, page] = file.split("/");
      const mod = (await import(`../pages/${resource}/${page}.tsx`)) as Record<string, unknown>;
      expect(typeof mod[pageExportName(resource, page)]).toBe("function");
    },
    30_000,
  );

  it("names exports after the resource and page", () => {
    expect(pageExportName("users", "list")).toBe("UsersList");
    expect(pageExportName("dashboard", "index")).toBe("DashboardPage");
    expect(pageExportName("campaigns", "create-sms")).toBe("CampaignsCreateSms");
  });
});

describe("a route renders its page, or Coming soon from its declaration", () => {
  const unbuilt = ROLES.flatMap((role) =>
    areaRoutes(role)
      .filter((r) => !pageComponent(r.resource.name, r.page))
      .map((r) => [role, r] as const),
  );

  it("has a page for every route of every area (no Coming soon left)", () => {
    expect(unbuilt.map(([role, r]) => `${role} /${r.path}`)).toEqual([]);
  });

  it("shows Coming soon with its title for a route without a page", async () => {
    const declared = areaRoutes("user").find((r) => !r.resource.module && !r.allow);
    if (!declared) throw new Error("no ungated route to borrow");
    const route = { ...declared, resource: { ...declared.resource, name: "not-built-yet" }, title: "Not built yet" };
    expect(pageComponent(route.resource.name, route.page)).toBeFalsy();
    sessionStore.loginSucceeded({
      _id: "1",
      username: "user",
      email: "user@example.com",
      type: "user",
      token: "t",
      expiresAt: 2_000_000_000,
      isFirstLogin: false,
    });
    renderAt(
      "/x",
      <Route
        path="/x"
        element={
          <QueryClientProvider client={new QueryClient()}>
            <SessionAbilityProvider>
              <RouteScreen route={route} />
            </SessionAbilityProvider>
          </QueryClientProvider>
        }
      />,
    );
    expect(await screen.findByRole("heading", { name: "Not built yet" })).toBeInTheDocument();
    expect(screen.getByText(MSG.comingSoon)).toBeInTheDocument();
  });
});
