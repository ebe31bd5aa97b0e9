import { Spin } from "antd";

/** Shown while a lazy screen or the persisted session loads. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      style={{ display: "grid", placeItems: "center", minHeight: fullPage ? "100vh" : 240, width: "100%" }}
    >
      <Spin size="large" />
    </div>
  );
}
