export * from './messages';
export * from './client';
export * from './use-remote';
export * from './reply-data';
export * from './not-found';
export * from './submit-with-feedback';
export * from './bootstrap';
export * from './landing';
