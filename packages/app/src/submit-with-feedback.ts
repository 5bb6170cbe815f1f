import { SessionLostError } from '@hall/api/browser';
import { showAlert, showLoading } from '@hall/ui';
import { NETWORK_ERROR } from './messages';

export interface SubmitFeedbackOptions {
  /** The loading toast's text; the kit's 加载中 when left out. */
  loading?: string;
  /** What is alerted when the request could not be made (or, given a function, what to say for that error); the network message by default. */
  networkFailure?: string | ((error: unknown) => string);
  /** Runs once the request has settled and the toast is gone, before any alert: where a busy button is released. */
  onSettled?: () => void;
  /** Runs on a failure with its message, before the alert. */
  onFailure?: (message: string) => void;
  /**
   * A form that shows its own busy button and its refusal in place (onFailure), keeping what was
   * typed: no loading toast and no alert over it. The rest holds: a lost session ends quietly, an
   * error that is not the hall's answer is told as the network's.
   */
  inPlace?: boolean;
  /** The alert's title and button, when the kit's defaults do not fit (a content list's 未能完成 / 知道了). */
  alert?: Parameters<typeof showAlert>[1];
}

/**
 * Sends something under a loading toast. `send` resolves to null when the server took it, or to the
 * message to alert when it did not. A lost session ends quietly (the browser is already on its way to
 * the sign-in); any other error is alerted as a network failure. Resolves true when it was sent.
 */
export async function submitWithFeedback(send: () => Promise<string | null>, options: SubmitFeedbackOptions = {}): Promise<boolean> {
  const hide = options.inPlace ? () => undefined : showLoading(options.loading);
  let failure: string | null;
  try {
    failure = await send();
  } catch (error) {
    if (error instanceof SessionLostError) return false;
    const { networkFailure = NETWORK_ERROR } = options;
    failure = typeof networkFailure === 'function' ? networkFailure(error) : networkFailure;
  } finally {
    hide();
    options.onSettled?.();
  }
  if (!failure) return true;
  options.onFailure?.(failure);
  if (!options.inPlace) await showAlert(failure, options.alert);
  return false;
}
