import type { QueueDisplayCall } from '@hall/api/browser';
import { useEffect, useRef, useState } from 'react';

/** What the hall hears for a call: 请 A012 号到 3 号窗口办理. */
export function announcementOf(call: Pick<QueueDisplayCall, 'number' | 'callWindow'>): string {
  return `请 ${call.number} 号到 ${call.callWindow} 号窗口办理`;
}

/** The same, with the number's characters apart, so the voice reads A零一二 rather than a quantity. */
export function spokenOf(call: Pick<QueueDisplayCall, 'number' | 'callWindow'>): string {
  return `请 ${call.number.split('').join(' ')} 号，到 ${call.callWindow} 号窗口办理`;
}

const speechAvailable = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

function speak(text: string) {
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'zh-CN';
  utterance.rate = 0.9;
  window.speechSynthesis.speak(utterance);
}

/**
 * The display's voice: off until someone at the screen turns it on (browsers speak only after a
 * gesture); then each new call, and each call made again, is read out twice.
 */
export function useVoiceAnnouncement(latest: QueueDisplayCall | undefined) {
  const [on, setOn] = useState(false);
  const heard = useRef<string | null>(null);
  const key = latest ? `${latest.number}-${latest.callWindow}-${latest.calledAt}` : null;

  useEffect(() => {
    if (!on || !latest || key === heard.current) return;
    heard.current = key;
    const text = spokenOf(latest);
    speak(text);
    speak(text);
  }, [on, key, latest]);

  const toggle = () => {
    if (!speechAvailable()) return;
    if (on) {
      window.speechSynthesis.cancel();
      setOn(false);
      return;
    }
    // Calls made before it was turned on are not read out; the gesture unlocks the voice.
    heard.current = key;
    speak('语音播报已开启');
    setOn(true);
  };
  return { available: speechAvailable(), on, toggle };
}
