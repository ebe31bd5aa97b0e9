// As in main.tsx: antd 5 static APIs (notification, Modal.confirm) need it on React 19.
import "@ant-design/v5-patch-for-react-19";
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { notificationsStore } from "../shell/notifications/store";

// findBy*/waitFor wait 1 s by default; CI runs every suite at once on 2 cores, where a lazy form can take longer.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no matchMedia; antd's responsive hooks need it (STACK gotcha 3).
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd measures scrollbars via getComputedStyle on pseudo-elements, which jsdom does not implement.
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => getComputedStyle(elt, pseudo ? undefined : pseudo);

if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, "ResizeObserver", { writable: true, configurable: true, value: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
  // Module state outlives a file when the web project shares modules between files (vitest.config.ts isolate).
  notificationsStore.clear();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
