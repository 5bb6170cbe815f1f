export { zhCN, type Messages } from './zh-CN';
export { formatMessage, placeholdersOf } from './format';
export { HallConfigProvider, mergeMessages, useMessages, type HallConfigProviderProps, type MessageOverrides } from './locale-context';
