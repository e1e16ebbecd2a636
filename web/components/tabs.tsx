// Tabs by the WAI-ARIA pattern: one tab stop, arrow keys move between tabs, the first is chosen
// initially by the caller.
import { useRef, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  id: string;
  label: string;
}

export function Tabs({ items, selected, onSelect, label, idPrefix, children }: { items: TabItem[]; selected: string | undefined; onSelect: (id: string) => void; label: string; idPrefix: string; children: ReactNode }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (from: number, step: number) => {
    const next = (from + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onSelect(item.id);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.id}`}
            aria-selected={item.id === selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={item.id === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(item.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index, 1);
              if (event.key === 'ArrowLeft') move(index, -1);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={selected ? `${idPrefix}-tab-${selected}` : undefined}>
        {children}
      </div>
    </div>
  );
}
