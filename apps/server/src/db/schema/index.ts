/**
 * The hall's storage. Column names mirror the contract's field names where a column carries one
 * of the specification's fields (cardnum, xzqdm …); everything is owned by an openid where a
 * citizen can read or change it, and every query filters by it.
 */

export * from './session';
export * from './content';
export * from './queries';
export * from './storage';
export * from './applications';
export * from './appointments';
export * from './archive';
export * from './queue';
export * from './operators';
export * from './appointment-settings';
export * from './kept-reads';
export * from './notifications';
export * from './ratings';
