import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { zhCN, type Messages } from './zh-CN';

export type MessageOverrides = { readonly [Group in keyof Messages]?: Partial<Messages[Group]> };

/** Merges overrides onto a catalogue, group by group; the catalogue itself is never changed. */
export function mergeMessages(base: Messages, overrides: MessageOverrides = {}): Messages {
  const merged: Record<string, Record<string, string>> = {};
  for (const group of Object.keys(base) as Array<keyof Messages>) {
    merged[group] = { ...base[group], ...overrides[group] };
  }
  return merged as unknown as Messages;
}

const MessagesContext = createContext<Messages>(zhCN);

export interface HallConfigProviderProps {
  /** Texts to change, merged once onto the Chinese catalogue. */
  messages?: MessageOverrides;
  children?: ReactNode;
}

/**
 * Optional: wraps an app whose texts differ from the catalogue. Without it every component uses
 * the Chinese catalogue (antd-mobile's own default locale is Chinese too).
 */
export function HallConfigProvider({ messages, children }: HallConfigProviderProps) {
  const merged = useMemo(() => mergeMessages(zhCN, messages), [messages]);
  return <MessagesContext.Provider value={merged}>{children}</MessagesContext.Provider>;
}

/** The catalogue in force. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
