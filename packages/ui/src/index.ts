// The hall's mobile component kit. The theme comes first so the components' own styles follow it.
import './theme/theme.css';

export * from './constants';
export { defaults } from './defaults';
export * from './locale';
export type { NativeProps, WithNativeProps } from './utils/native-props';
export { installAccessibilityRepairs } from './utils/accessibility-repairs';

export * from './apply-steps';
export * from './banner-carousel';
export * from './countdown-button';
export * from './empty-state';
export * from './feedback';
export * from './field-list';
export * from './form-field';
export * from './input';
export * from './list-page';
export * from './load-state';
export * from './material-pictures';
export * from './menu-group';
export * from './page-shell';
export * from './pager';
export * from './record-state';
export * from './tab-strip';
