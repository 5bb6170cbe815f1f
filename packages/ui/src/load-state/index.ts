export { ErrorState, LoadingState, type ErrorStateProps, type LoadingStateProps } from './load-state';
