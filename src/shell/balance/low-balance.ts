import { LOW_BALANCE_THRESHOLD } from "../../../contract";

export interface LowBalanceDecision {
  show: boolean;
  /** The stored dismissal should be removed (balance is back at or above the threshold). */
  clearDismissal: boolean;
}

/**
 * SPEC 4: show when the balance is under the threshold and not dismissed; once the balance is back at or above
 * it, forget the dismissal so the next drop warns again. `null` means the balance is not known yet: decide nothing.
 */
export function lowBalanceBanner(balance: number | null, dismissed: boolean): LowBalanceDecision {
  if (balance === null || !Number.isFinite(balance)) return { show: false, clearDismissal: false };
  if (balance >= LOW_BALANCE_THRESHOLD) return { show: false, clearDismissal: dismissed };
  return { show: !dismissed, clearDismissal: false };
}
