import { createContext, useContext } from 'react';

/**
 * Whether the sidebar has been on screen since the frame mounted: always on a wide screen, on a
 * phone once the drawer has been opened. Heavy sidebar content (the project tree) waits for it, so
 * a phone's first load does not fetch what its closed drawer would hide
 * (docs/product/shell-and-navigation.md, "Phone widths").
 */
export const SidebarShownContext = createContext(true);

export function useSidebarShown(): boolean {
  return useContext(SidebarShownContext);
}
