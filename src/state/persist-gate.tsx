import { useEffect, type ReactNode } from "react";
import { restoreSession, useSessionState } from "./session";

/** Renders children only once the persisted session is restored (SPEC 2: "renders only after"). */
export function PersistGate({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { restored } = useSessionState();
  useEffect(() => {
    if (!restored) void restoreSession();
  }, [restored]);
  return restored ? children : fallback;
}
