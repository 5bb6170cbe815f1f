export * from './session';
export * from './use-remote';
export * from './submit-with-feedback';
export * from './preload-feedback';
export * from './lazy-screen';
