import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tab, TabList, TabPanel, Tabs, TabSet, tabIndexForKey } from './tabs';

/** The opening tags of the elements with a role, as attribute maps, in document order. */
function elements(html: string, role: string): Array<Record<string, string>> {
  const tags = html.match(new RegExp(`<[a-z]+ [^>]*role="${role}"[^>]*>`, 'g')) ?? [];
  return tags.map((tag) =>
    Object.fromEntries(
      [...tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].slice(1).map(([, name, value]) => [name, value ?? '']),
    ),
  );
}

const VALUES = ['one', 'two', 'three'] as const;

function ThreeTabs({
  selected,
  orientation,
}: {
  selected: (typeof VALUES)[number];
  orientation?: 'horizontal' | 'vertical';
}) {
  return (
    <TabSet values={VALUES} selected={selected} onSelect={() => undefined} idPrefix="t" orientation={orientation}>
      <TabList label="Numbers" className="list">
        {VALUES.map((value) => (
          <Tab key={value} value={value} className="tab">
            {value}
          </Tab>
        ))}
      </TabList>
      {VALUES.map((value) => (
        <TabPanel key={value} value={value} as="section" tabIndex={0} className="panel">
          text of {value}
        </TabPanel>
      ))}
    </TabSet>
  );
}

describe('tabIndexForKey', () => {
  it('moves along a horizontal list with the left and right arrows, wrapping at both ends', () => {
    expect(tabIndexForKey('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(tabIndexForKey('ArrowRight', 2, 3, 'horizontal')).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
    expect(tabIndexForKey('ArrowLeft', 2, 3, 'horizontal')).toBe(1);
  });

  it('moves along a vertical list with the up and down arrows', () => {
    expect(tabIndexForKey('ArrowDown', 2, 3, 'vertical')).toBe(0);
    expect(tabIndexForKey('ArrowUp', 0, 3, 'vertical')).toBe(2);
  });

  it('goes to the first and last tab with Home and End', () => {
    for (const orientation of ['horizontal', 'vertical'] as const) {
      expect(tabIndexForKey('Home', 2, 3, orientation)).toBe(0);
      expect(tabIndexForKey('End', 0, 3, orientation)).toBe(2);
    }
  });

  it('leaves the arrows across the list and other keys to the browser', () => {
    expect(tabIndexForKey('ArrowDown', 0, 3, 'horizontal')).toBeUndefined();
    expect(tabIndexForKey('ArrowRight', 0, 3, 'vertical')).toBeUndefined();
    expect(tabIndexForKey('Enter', 0, 3, 'horizontal')).toBeUndefined();
    expect(tabIndexForKey('Tab', 0, 3, 'vertical')).toBeUndefined();
  });
});

describe('TabSet', () => {
  it('renders one tab stop, the selected tab, and each panel labelled by its own tab', () => {
    const html = renderToStaticMarkup(<ThreeTabs selected="two" />);
    const tabs = elements(html, 'tab');
    const panels = elements(html, 'tabpanel');
    expect(tabs.map((tab) => tab.id)).toEqual(['t-tab-one', 't-tab-two', 't-tab-three']);
    expect(tabs.map((tab) => tab.tabindex)).toEqual(['-1', '0', '-1']);
    expect(tabs.map((tab) => tab['aria-selected'])).toEqual(['false', 'true', 'false']);
    expect(tabs.every((tab) => tab.type === 'button' && tab.class === 'tab')).toBe(true);
    // Every tab controls its own panel, and that panel names the tab.
    for (const tab of tabs) {
      const panel = panels.find((candidate) => candidate.id === tab['aria-controls']);
      expect(panel?.['aria-labelledby']).toBe(tab.id);
    }
    expect(panels.map((panel) => 'hidden' in panel)).toEqual([true, false, true]);
    expect(panels.every((panel) => panel.tabindex === '0' && panel.class === 'panel')).toBe(true);
    expect(html).toContain('<section role="tabpanel"');
  });

  it('names the list and marks only a vertical list with its orientation', () => {
    const [horizontal] = elements(renderToStaticMarkup(<ThreeTabs selected="one" />), 'tablist');
    expect(horizontal).toMatchObject({ 'aria-label': 'Numbers', class: 'list' });
    expect(horizontal).not.toHaveProperty('aria-orientation');
    const [vertical] = elements(renderToStaticMarkup(<ThreeTabs selected="one" orientation="vertical" />), 'tablist');
    expect(vertical).toMatchObject({ 'aria-orientation': 'vertical' });
  });

  it('writes no style attribute, which the content security policy would refuse', () => {
    expect(renderToStaticMarkup(<ThreeTabs selected="three" orientation="vertical" />)).not.toMatch(/ style=/);
  });

  it('keeps the first tab reachable by the keyboard while none is selected', () => {
    const html = renderToStaticMarkup(
      <TabSet values={['a', 'b']} selected={undefined} onSelect={() => undefined} idPrefix="n">
        <TabList labelledBy="heading">
          <Tab value="a">A</Tab>
          <Tab value="b">B</Tab>
        </TabList>
      </TabSet>,
    );
    const tabs = elements(html, 'tab');
    expect(tabs.map((tab) => tab.tabindex)).toEqual(['0', '-1']);
    expect(elements(html, 'tablist')[0]).toMatchObject({ 'aria-labelledby': 'heading' });
  });

  it('refuses a tab outside a tab set', () => {
    expect(() => renderToStaticMarkup(<Tab value="a">A</Tab>)).toThrow(/inside a <TabSet>/);
  });
});

describe('Tabs', () => {
  it('shows the selected tab content in one panel that every tab controls and the selected tab labels', () => {
    const items = [
      { id: 'chapters', label: 'Chapters' },
      { id: 'quizzes', label: 'Quizzes' },
    ];
    const html = renderToStaticMarkup(
      <Tabs items={items} selected="quizzes" onSelect={() => undefined} label="Contents" idPrefix="course">
        <p>the quizzes</p>
      </Tabs>,
    );
    const tabs = elements(html, 'tab');
    const panels = elements(html, 'tabpanel');
    expect(tabs.map((tab) => tab['aria-controls'])).toEqual(['course-panel', 'course-panel']);
    expect(tabs.map((tab) => tab.class)).toEqual(['tabs__tab', 'tabs__tab']);
    expect(panels).toEqual([
      { role: 'tabpanel', id: 'course-panel', 'aria-labelledby': 'course-tab-quizzes', class: 'tabs__panel' },
    ]);
    expect(html).toMatch(/^<div class="tabs"><div role="tablist" aria-label="Contents" class="tabs__list">/);
    expect(html).toContain('<p>the quizzes</p>');
  });
});
