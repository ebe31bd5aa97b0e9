import { useEffect, useRef } from "react";

/**
 * Back to page 1 whenever `key` changes (another period, account or search): the page in the URL belonged to the
 * rows shown before. Not on the first render, so a shared link with a page keeps it.
 */
export function useFirstPageOn(key: string, setCurrentPage: (page: number) => void): void {
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    setCurrentPage(1);
  }, [key, setCurrentPage]);
}
