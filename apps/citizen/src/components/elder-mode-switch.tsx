import { List, Switch } from 'antd-mobile';
import { useElderModeToggle } from '../lib/elder-mode';

/** The personal centre's line: 长辈模式 with its switch. */
export function ElderModeItem() {
  const { on, saving, toggle } = useElderModeToggle();
  return (
    <List.Item description="字体更大、按钮更大、颜色更清晰" extra={<Switch checked={on} loading={saving} onChange={(next) => void toggle(next)} aria-label="长辈模式" />} arrowIcon={false}>
      长辈模式
    </List.Item>
  );
}
