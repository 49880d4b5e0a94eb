/**
 * Keeps the ARIA tab pattern true after a tab change. Foundry v13's `changeTab`
 * toggles the `active` class (and `aria-pressed` on button tabs) but leaves
 * `aria-selected` on link tabs as rendered, so a screen reader would announce the
 * first tab as selected forever. Self-contained (no imports): the browser tests
 * run its source in the page as the sheet would.
 */
export function syncTabAria(root: ParentNode, group: string, active: string): void {
  for (const tab of Array.from(root.querySelectorAll<HTMLElement>(`[role="tab"][data-group="${group}"]`))) {
    const selected = tab.dataset.tab === active;
    tab.setAttribute("aria-selected", String(selected));
    // Roving tabindex: the selected tab is the one Tab stops on; the others are reached with the arrows.
    tab.tabIndex = selected ? 0 : -1;
  }
}

/** Arrow keys move between the tabs of a tablist (the ARIA pattern); Enter or Space opens one (it is a link). */
export function tabKeydown(event: KeyboardEvent): void {
  const tab = (event.target as HTMLElement | null)?.closest<HTMLElement>('[role="tab"]');
  const list = tab?.closest('[role="tablist"]');
  if (!tab || !list) return;
  const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
  const at = tabs.indexOf(tab);
  const next = event.key === "ArrowRight" ? tabs[(at + 1) % tabs.length] : event.key === "ArrowLeft" ? tabs[(at - 1 + tabs.length) % tabs.length] : event.key === "Home" ? tabs[0] : event.key === "End" ? tabs.at(-1) : null;
  if (next) {
    event.preventDefault();
    next.focus();
    next.click();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    tab.click();
  }
}

/** Arrow-key moves on every tablist of a sheet, once per element (a part re-render keeps its old nav). */
export function listenTabKeys(root: HTMLElement | null | undefined): void {
  for (const list of Array.from(root?.querySelectorAll<HTMLElement>('[role="tablist"]') ?? [])) {
    if (list.dataset.keys) continue;
    list.dataset.keys = "on";
    list.addEventListener("keydown", (event) => tabKeydown(event as KeyboardEvent));
  }
}
