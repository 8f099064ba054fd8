import { create } from 'zustand';

interface AdminMenu {
  /** The path the phone menu was opened on, or null when it is closed. */
  openOn: string | null;
  setOpenOn: (path: string | null) => void;
}

/**
 * The phone menu's state lives outside the frame: the frame is drawn first by the loading screen and then again
 * by the layout, and a menu the owner opened while the first screen loaded must stay open.
 */
export const useAdminMenu = create<AdminMenu>((set) => ({
  openOn: null,
  setOpenOn: (openOn) => set({ openOn }),
}));
