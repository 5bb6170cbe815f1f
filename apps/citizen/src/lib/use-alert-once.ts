import { showAlert } from '@hall/ui';
import { useEffect, useRef } from 'react';

/** Shows `message` in an alert once when it appears (not again on a re-render or a development double effect). */
export function useAlertOnce(message: string | null): void {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!message || shown.current === message) return;
    shown.current = message;
    void showAlert(message);
  }, [message]);
}
