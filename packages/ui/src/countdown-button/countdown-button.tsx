import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { defaults } from '../defaults';
import { formatMessage } from '../locale/format';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './countdown-button.css';

const classPrefix = classPrefixOf('countdown-button');

export type CountdownButtonProps = WithNativeProps<{
  /**
   * Sends the code. The countdown starts when it returns or resolves; returning `false`,
   * throwing or rejecting (the send failed) leaves the button ready to try again.
   */
  onSend?: () => unknown;
  /** Length of the countdown in seconds. */
  seconds?: number;
  /** Disabled from outside, e.g. while the phone number is invalid. */
  disabled?: boolean;
  /** antd-mobile button look. */
  color?: ButtonProps['color'];
  fill?: ButtonProps['fill'];
  size?: ButtonProps['size'];
}>;

type Phase = 'idle' | 'sending' | 'counting' | 'ended';

/**
 * The SMS code button: 获取验证码 until first used, then a countdown during which it is
 * disabled, then 重新获取. A code can be requested only when no countdown runs.
 */
export function CountdownButton(props: CountdownButtonProps): ReactElement {
  const { onSend, seconds = defaults.countdownSeconds, disabled = false, color = 'primary', fill = 'outline', size = 'small' } = props;
  const messages = useMessages().countdownButton;
  const [phase, setPhase] = useState<Phase>('idle');
  const [remaining, setRemaining] = useState(seconds);
  const deadline = useRef(0);

  useEffect(() => {
    if (phase !== 'counting') return undefined;
    // Counted from a deadline, so a throttled background tab still ends on time.
    const timer = setInterval(() => {
      const left = Math.ceil((deadline.current - Date.now()) / 1000);
      if (left <= 0) {
        setPhase('ended');
      } else {
        setRemaining(left);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const counting = phase === 'counting' || phase === 'sending';

  async function handleClick() {
    if (counting || disabled) return;
    setPhase('sending');
    let sent = true;
    try {
      sent = (await onSend?.()) !== false;
    } catch {
      sent = false;
    }
    if (!sent) {
      setPhase((previous) => (previous === 'sending' ? 'idle' : previous));
      return;
    }
    deadline.current = Date.now() + seconds * 1000;
    setRemaining(seconds);
    setPhase('counting');
  }

  const label = phase === 'sending' ? messages.sending : phase === 'counting' ? formatMessage(messages.counting, { seconds: remaining }) : phase === 'ended' ? messages.resend : messages.idle;

  return withNativeProps(
    props,
    <Button
      className={cx(classPrefix, phase === 'counting' && `${classPrefix}-counting`)}
      type="button"
      color={color}
      fill={fill}
      size={size}
      disabled={disabled || counting}
      loading={phase === 'sending'}
      loadingText={messages.sending}
      onClick={handleClick}
      data-phase={phase}
    >
      {label}
    </Button>,
  );
}
