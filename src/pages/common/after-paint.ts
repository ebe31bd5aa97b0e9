import { useEffect, useState } from "react";

/**
 * False for the first paint, true right after it: what should not delay the first figures (the chart library, the
 * tables) starts loading only then. A frame, then a task: the browser has painted by the time the task runs.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
