export { TabStrip, type TabStripItem, type TabStripProps } from './tab-strip';
