// Must come first: lets antd 5 render on React 19 (STACK gotcha 1).
import "@ant-design/v5-patch-for-react-19";
import "antd/dist/reset.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { preloadFirstView } from "./routes/preload-first-view";
import { adoptImpersonationFromUrl } from "./security/impersonation";

// Before the session is restored: an impersonation tab swaps its copied storage for the impersonated session.
adoptImpersonationFromUrl();
preloadFirstView(window.sessionStorage, window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
