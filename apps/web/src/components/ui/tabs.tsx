import { type KeyboardEvent, type ReactNode, useId } from 'react';
import './tabs.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** Drawn only while its tab is chosen. */
  content: () => ReactNode;
}

interface TabsProps<Id extends string> {
  /** The tablist's accessible name, e.g. 'Test case'. */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/**
 * Tabs as the WAI-ARIA pattern has them: a tablist whose tabs Left/Right (and Home/End) move
 * through and choose at once; only the chosen tab is in the Tab order, and its panel follows,
 * labelled by it.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect }: TabsProps<Id>) {
  const base = useId();
  const tabId = (id: Id) => `${base}-tab-${id}`;
  const panelId = (id: Id) => `${base}-panel-${id}`;
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    document.getElementById(tabId(tab.id))?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const chosen = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={chosen}
              aria-controls={panelId(tab.id)}
              tabIndex={chosen ? 0 : -1}
              className={chosen ? 'tabs-tab is-selected' : 'tabs-tab'}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          id={panelId(current.id)}
          role="tabpanel"
          aria-labelledby={tabId(current.id)}
          className="tabs-panel"
        >
          {current.content()}
        </div>
      ) : null}
    </div>
  );
}
