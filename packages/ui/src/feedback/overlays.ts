// The part of antd-mobile that dialogs and toasts bring: their own components with the popup,
// mask, animation (react-spring) and gesture code underneath, about 30 KB gzip. No screen needs
// it to paint, so feedback.tsx loads this module when it is first used or the app preloads it.
export { Dialog, Toast } from 'antd-mobile';
