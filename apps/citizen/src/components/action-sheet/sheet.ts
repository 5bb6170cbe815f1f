// antd-mobile's ActionSheet, alone in a module so the screens load it (with its popup, animation
// and gesture code) only when a sheet is first opened; see index.tsx.
export { ActionSheet as default } from 'antd-mobile';
