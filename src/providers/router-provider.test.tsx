import type { GoConfig } from "@refinedev/core";
import { act, render } from "@testing-library/react";
import { BrowserRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { routerProvider } from "./router-provider";

type Go = (config: GoConfig) => unknown;
const useGo = routerProvider.go as () => Go;

/** Renders a BrowserRouter (as App.tsx does) at `path` and hands back the `go` of its latest render. */
function mountAt(path: string) {
  window.history.replaceState(null, "", path);
  const latest: { go?: Go } = {};
  function Probe() {
    latest.go = useGo();
    return null;
  }
  render(
    <BrowserRouter>
      <Probe />
    </BrowserRouter>,
  );
  return () => latest.go as Go;
}

const here = () => `${window.location.pathname}${window.location.search}`;

describe("routerProvider.go", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("writes a list's query into the URL of the screen that asked", () => {
    const go = mountAt("/admin/users/create");
    act(() => void go()({ type: "replace", options: { keepQuery: true }, query: { pageSize: 10, currentPage: 1 } }));
    expect(here()).toBe("/admin/users/create?pageSize=10&currentPage=1");
  });

  it("drops a query-only call made for a screen the person has already left", () => {
    const go = mountAt("/admin/users/create");
    const fromCreate = go();
    // The person closes the modal: the browser is on the list before React renders it.
    window.history.pushState(null, "", "/admin/users");
    act(
      () => void fromCreate({ type: "replace", options: { keepQuery: true }, query: { pageSize: 10, currentPage: 1 } }),
    );
    expect(here()).toBe("/admin/users");
  });

  it("still follows a call that names where to go, and still builds links", () => {
    const go = mountAt("/admin/users/create");
    const fromCreate = go();
    window.history.pushState(null, "", "/admin/users");
    expect(fromCreate({ type: "path", query: { currentPage: 2 } })).toBe("?currentPage=2");
    act(() => void fromCreate({ to: "/admin/campaigns", type: "push" }));
    expect(here()).toBe("/admin/campaigns");
  });
});
