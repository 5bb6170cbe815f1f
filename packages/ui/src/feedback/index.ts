export {
  clearFeedback,
  pendingLoads,
  preloadFeedback,
  showAlert,
  showConfirm,
  showErrorToast,
  showLoading,
  showSuccess,
  showToast,
  showWarning,
  type AlertOptions,
  type ConfirmOptions,
} from './feedback';
