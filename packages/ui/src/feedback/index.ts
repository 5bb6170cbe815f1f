export { clearFeedback, pendingLoads, preloadFeedback, showAlert, showConfirm, showErrorToast, showLoading, showToast, showWarning, type AlertOptions, type ConfirmOptions } from './feedback';
