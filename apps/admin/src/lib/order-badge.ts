import { create } from 'zustand';

interface OrderBadgeSignal {
  /** Bumped whenever orders changed here, so the sidebar badge asks the server again. */
  version: number;
  bump: () => void;
}

/** Lets a screen that changed an order tell the layout's badge to refresh without a navigation. */
export const useOrderBadgeSignal = create<OrderBadgeSignal>((set) => ({
  version: 0,
  bump: () => set((state) => ({ version: state.version + 1 })),
}));

/** Call after an order was updated or deleted. */
export function ordersChanged(): void {
  useOrderBadgeSignal.getState().bump();
}
