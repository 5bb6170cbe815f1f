/**
 * The public surface of `@hall/domain`, what other teams build on (see README.md, "What is stable"):
 * the rules, enumerations, messages and the region table. The hall's own apps also import
 * `@hall/domain/internal` (the citizen's route tree, the menu's gates, the session's redirects).
 */
export * from './id-card';
export * from './typed-number';
export * from './signature-verdicts';
export * from './regions';
export * from './routing';
export * from './application-sections';
export * from './review';
export * from './query-records';
export * from './formats';
export * from './acceptance-number';
export * from './enums';
export * from './constants';
export * from './validation';
export * from './booking';
export * from './counter-booking';
export * from './booking-changes';
export * from './appointment-settings';
export * from './certificate-number';
export * from './archive-query';
export * from './statements';
export * from './queue';
export * from './queue-settings';
export * from './record-fields';
export * from './operators';
export * from './property-uses';
export * from './face-check-failures';
export * from './ratings';
