import { useId, type ReactElement, type ReactNode } from 'react';
import { Grid } from 'antd-mobile';
import { classPrefixOf } from '../utils/class-prefix';
import { wordBreaks } from '../utils/word-breaks';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './menu-group.css';

const classPrefix = classPrefixOf('menu-group');

export interface MenuTile {
  id: string | number;
  /** The menu's name (menuname). */
  name: string;
  /** A short line under the name (bz). */
  remark?: string;
  /** An image address (imgpath) or any icon. */
  icon?: string | ReactNode;
}

export type MenuGroupProps<T extends MenuTile = MenuTile> = WithNativeProps<{
  /** The first-level menu's name. */
  title: string;
  /** Its second-level menus. */
  items: readonly T[];
  onItemClick?: (item: T) => void;
  /** Tiles a row: 2, or 1 for the simpler tiles of 长辈模式. */
  columns?: 1 | 2;
}>;

/**
 * A first-level menu of the hall home (spec part 1 §2) with its second-level menus as tiles
 * in two columns (one in 长辈模式): icon, name and remark; a long name wraps rather than being cut. What a tap does is the app's (spec part 1 §4).
 */
export function MenuGroup<T extends MenuTile>(props: MenuGroupProps<T>): ReactElement {
  const { title, items, onItemClick, columns = 2 } = props;
  const titleId = useId();
  return withNativeProps(
    props,
    <section className={classPrefix} aria-labelledby={titleId}>
      <h2 id={titleId} className={`${classPrefix}-title`}>
        {title}
      </h2>
      <Grid columns={columns} gap={8} className={`${classPrefix}-grid`}>
        {items.map((item) => (
          <Grid.Item key={item.id}>
            <button type="button" className={`${classPrefix}-tile`} onClick={() => onItemClick?.(item)}>
              <span className={`${classPrefix}-icon`} aria-hidden>
                {typeof item.icon === 'string' ? <img src={item.icon} alt="" /> : item.icon}
              </span>
              <span className={`${classPrefix}-text`}>
                <span className={`${classPrefix}-name`}>{wordBreaks(item.name)}</span>
                {item.remark ? <span className={`${classPrefix}-remark`}>{wordBreaks(item.remark)}</span> : null}
              </span>
            </button>
          </Grid.Item>
        ))}
      </Grid>
    </section>,
  );
}
