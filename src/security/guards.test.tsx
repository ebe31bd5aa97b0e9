import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG, ROLE_AREAS, ROLES, type Role } from "../../contract";
import { areaRoutes } from "../../resources";
import { sessionStore } from "../state/session";
import { renderAt, Route } from "../test/render";
import { PublicOnly, RequireArea, RequireRouteRoles, UrlGuard } from "./guards";

function signIn(type: Role) {
  sessionStore.loginSucceeded({
    _id: "1",
    username: type,
    email: `${type}@example.com`,
    type,
    token: "t",
    expiresAt: 2_000_000_000,
    isFirstLogin: false,
  });
}

const routes = (
  <Route element={<UrlGuard />}>
    <Route element={<PublicOnly />}>
      <Route index element={<p>login</p>} />
    </Route>
    {ROLES.map((role) => (
      <Route
        key={role}
        path={`${ROLE_AREAS[role].prefix.slice(1)}/*`}
        element={
          <RequireArea role={role}>
            <p>{`${role} area`}</p>
          </RequireArea>
        }
      />
    ))}
    <Route path="open" element={<p>open page</p>} />
  </Route>
);

const location = () => screen.getByTestId("location").textContent;

beforeEach(() => sessionStore.markRestored());
afterEach(() => sessionStore.logout());

describe("role-area guard (SPEC 2)", () => {
  it.each(ROLES)("an unauthenticated visitor of %s's area goes to /", async (role) => {
    renderAt(ROLE_AREAS[role].home, routes);
    await waitFor(() => expect(location()).toBe("/"));
    expect(screen.getByText("login")).toBeInTheDocument();
  });

  it.each(ROLES)("%s opens their own area", (role) => {
    signIn(role);
    renderAt(`${ROLE_AREAS[role].home}/campaigns`, routes);
    expect(screen.getByText(`${role} area`)).toBeInTheDocument();
  });

  it("another role's area: alert, then back to the user's own home", async () => {
    signIn("user");
    renderAt("/admin/users", routes);
    await waitFor(() => expect(location()).toBe("/user"));
    expect(await screen.findByText(MSG.unauthorizedArea)).toBeInTheDocument();
  });

  it("paths outside the prefixes are open to any role", () => {
    signIn("reseller");
    renderAt("/open", routes);
    expect(screen.getByText("open page")).toBeInTheDocument();
  });
});

describe("per-route roles", () => {
  const usersRoute = areaRoutes("user").find((r) => r.path === "users");
  it.each([
    ["manager", "/organization/users", "users screen"],
    ["user", "/user", "home"],
    ["department_head", "/department-head", "home"],
  ] as const)("%s on users → %s", async (role, expectedPath, expectedText) => {
    signIn(role);
    const prefix = ROLE_AREAS[role].prefix;
    renderAt(
      `${prefix}/users`,
      <>
        <Route path={prefix.slice(1)} element={<p>home</p>} />
        <Route
          path={`${prefix.slice(1)}/users`}
          element={
            <RequireRouteRoles route={usersRoute!}>
              <p>users screen</p>
            </RequireRouteRoles>
          }
        />
      </>,
    );
    await waitFor(() => expect(location()).toBe(expectedPath));
    expect(screen.getByText(expectedText)).toBeInTheDocument();
  });
});

describe("URL guard component", () => {
  it("alerts and redirects a suspicious URL to /", async () => {
    renderAt("/open?id=1%27%20OR%201=1--", routes);
    await waitFor(() => expect(location()).toBe("/"));
    expect(await screen.findByText(MSG.suspicious)).toBeInTheDocument();
  });

  it("lets an ordinary URL through", () => {
    renderAt("/open?name=selection", routes);
    expect(screen.getByText("open page")).toBeInTheDocument();
  });
});
