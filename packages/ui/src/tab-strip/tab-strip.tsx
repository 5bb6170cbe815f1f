import { useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './tab-strip.css';

const classPrefix = classPrefixOf('tab-strip');

export interface TabStripItem<K extends string> {
  key: K;
  title: ReactNode;
}

export type TabStripProps<K extends string> = WithNativeProps<{
  tabs: readonly TabStripItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
}>;

/**
 * A row of tabs that share the width, the chosen one underlined: what a list screen shows above
 * its list. Plain buttons and CSS, without antd-mobile's Tabs and the animation library under it,
 * so a screen that opens on its tabs paints without that code. The arrow keys, Home and End move
 * between tabs, as a tab list does (WAI-ARIA).
 */
export function TabStrip<K extends string>(props: TabStripProps<K>): ReactElement {
  const { tabs, activeKey, onChange } = props;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((tab) => tab.key === activeKey);
    const last = tabs.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + tabs.length) % tabs.length;
    onChange(tabs[index]!.key);
    buttons.current[index]?.focus();
  }

  return withNativeProps(
    props,
    <div className={classPrefix} role="tablist" onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const active = tab.key === activeKey;
        return (
          <button
            key={tab.key}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={cx(`${classPrefix}-tab`, active && `${classPrefix}-tab-active`)}
            onClick={() => {
              if (!active) onChange(tab.key);
            }}
          >
            {tab.title}
          </button>
        );
      })}
    </div>,
  );
}
