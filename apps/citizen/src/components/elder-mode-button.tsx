import { useElderModeToggle } from '../lib/elder-mode';
import './elder-mode-button.css';

/** The hall home's button in its title bar: 长辈模式 while off, 标准模式 to go back. */
export function ElderModeButton() {
  const { on, saving, toggle } = useElderModeToggle();
  return (
    <button type="button" className="hall-elder-button" disabled={saving} onClick={() => void toggle(!on)}>
      {on ? '标准模式' : '长辈模式'}
    </button>
  );
}
