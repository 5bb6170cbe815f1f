/**
 * The hall's own entry: the public surface and what only the hall's server and apps use, the
 * citizen's route tree, the menu tiles' gates and the session's redirects. Not published.
 */
export * from './index';
export * from './citizen-paths';
export * from './menu';
export * from './session';
