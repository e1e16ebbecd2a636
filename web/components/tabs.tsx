// Tabs by the WAI-ARIA tabs pattern, the one implementation behind every tab widget of the site:
// one tab stop (roving tabindex), the arrow keys of the list's orientation move and select,
// wrapping, Home and End go to the ends, and each panel is labelled by its tab.
//
// The parts are separate so that each page keeps its own markup and layout around them (the legal
// document's list sits in a side navigation, away from its panels): <TabSet> holds the state and
// renders nothing, <TabList>, <Tab> and <TabPanel> render the elements. <Tabs> is the ready-made
// row of pill tabs over one panel. The selection is the caller's state (selected, onSelect).
import { createContext, useContext, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export type TabOrientation = 'horizontal' | 'vertical';

/**
 * The index a key moves to from the tab at `index` of `count`, or undefined when the key means
 * nothing to a tab list of that orientation (it is then left to the browser).
 */
export function tabIndexForKey(
  key: string,
  index: number,
  count: number,
  orientation: TabOrientation,
): number | undefined {
  const [back, forward] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  if (key === forward) return (index + 1) % count;
  if (key === back) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

interface TabSetValue {
  values: readonly string[];
  selected: string | undefined;
  onSelect: (value: string) => void;
  orientation: TabOrientation;
  tabId: (value: string) => string;
  panelId: (value: string | undefined) => string | undefined;
}

const TabSetContext = createContext<TabSetValue | null>(null);

function useTabSet(part: string): TabSetValue {
  const value = useContext(TabSetContext);
  if (!value) throw new Error(`<${part}> must be inside a <TabSet>`);
  return value;
}

export interface TabSetProps<T extends string> {
  /** The tabs' values, in the order they are shown: the arrow keys follow it. */
  values: readonly T[];
  selected: T | undefined;
  onSelect: (value: T) => void;
  /** Prefix of the elements' ids: `<prefix>-tab-<value>` and `<prefix>-panel-<value>`. */
  idPrefix: string;
  orientation?: TabOrientation;
  /** One panel whose content follows the selected tab (id `<prefix>-panel`), instead of one panel per tab. */
  sharedPanel?: boolean;
  children: ReactNode;
}

export function TabSet<T extends string>({
  values,
  selected,
  onSelect,
  idPrefix,
  orientation = 'horizontal',
  sharedPanel = false,
  children,
}: TabSetProps<T>) {
  const context: TabSetValue = {
    values,
    selected,
    // A tab selects only its own value, one of `values`.
    onSelect: onSelect as (value: string) => void,
    orientation,
    tabId: (value) => `${idPrefix}-tab-${value}`,
    panelId: (value) =>
      sharedPanel ? `${idPrefix}-panel` : value === undefined ? undefined : `${idPrefix}-panel-${value}`,
  };
  return <TabSetContext.Provider value={context}>{children}</TabSetContext.Provider>;
}

/** The list of tabs, named by `label` or by the element `labelledBy` names. */
export function TabList({
  label,
  labelledBy,
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const { orientation } = useTabSet('TabList');
  return (
    <div
      role="tablist"
      aria-orientation={orientation === 'vertical' ? 'vertical' : undefined}
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className}
    >
      {children}
    </div>
  );
}

/** One tab; `onClick` runs after a click has selected it (not when a key did). */
export function Tab({
  value,
  className,
  onClick,
  children,
}: {
  value: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { values, selected, onSelect, orientation, tabId, panelId } = useTabSet('Tab');
  // The selected tab is the list's one tab stop; with none selected yet, the first is.
  const focusable = values.includes(selected ?? '') ? selected : values[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const target = values[tabIndexForKey(event.key, values.indexOf(value), values.length, orientation) ?? -1];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    document.getElementById(tabId(target))?.focus();
  };
  return (
    <button
      type="button"
      role="tab"
      id={tabId(value)}
      aria-selected={value === selected}
      aria-controls={panelId(value)}
      tabIndex={value === focusable ? 0 : -1}
      className={className}
      onClick={() => {
        onSelect(value);
        onClick?.();
      }}
      onKeyDown={onKeyDown}
    >
      {children}
    </button>
  );
}

export interface TabPanelProps extends Omit<HTMLAttributes<HTMLElement>, 'id' | 'role' | 'hidden' | 'aria-labelledby'> {
  /** The tab this panel belongs to; hidden while another is selected. With a shared panel, the selected value. */
  value: string | undefined;
  as?: 'div' | 'section';
}

export function TabPanel({ value, as: Element = 'div', children, ...rest }: TabPanelProps) {
  const { selected, tabId, panelId } = useTabSet('TabPanel');
  return (
    <Element
      role="tabpanel"
      id={panelId(value)}
      aria-labelledby={value === undefined ? undefined : tabId(value)}
      hidden={value !== selected}
      {...rest}
    >
      {children}
    </Element>
  );
}

export interface TabItem {
  id: string;
  label: string;
}

/** A row of pill tabs over one panel holding the selected tab's content (`children`). */
export function Tabs({
  items,
  selected,
  onSelect,
  label,
  idPrefix,
  children,
}: {
  items: TabItem[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  label: string;
  idPrefix: string;
  children: ReactNode;
}) {
  return (
    <TabSet
      values={items.map((item) => item.id)}
      selected={selected}
      onSelect={onSelect}
      idPrefix={idPrefix}
      sharedPanel
    >
      <div className="tabs">
        <TabList label={label} className="tabs__list">
          {items.map((item) => (
            <Tab key={item.id} value={item.id} className="tabs__tab">
              {item.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel value={selected} className="tabs__panel">
          {children}
        </TabPanel>
      </div>
    </TabSet>
  );
}
