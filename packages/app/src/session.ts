// What the citizen app's entry needs before React has loaded (the session bootstrap, the API
// client, the landing capture, early reads and the shared wording): none of it imports React or
// the kit, so an entry that imports this module alone stays small.
export * from './messages';
export * from './client';
export * from './reply-data';
export * from './not-found';
export * from './bootstrap';
export * from './early-read';
export * from './landing';
