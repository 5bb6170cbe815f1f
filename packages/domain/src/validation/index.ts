/**
 * The validation rules of the hall (spec part 1 §5, part 2 §5, part 3 §5) and their Chinese messages.
 * Each rule takes a plain input object and returns the first failing message, in the order the
 * specification gives, or null when the input is valid. The apps show the message; the server
 * answers with the same message, so both quote one home.
 * Where the spec gives no wording, the message is written in the style of its neighbours
 * ("…不能为空", "…有误!") and only checked after every rule the spec does word.
 */
export { PASSWORD_MIN_LENGTH, PHONE_CODE_FAILURE_TITLE, VALIDATION_MESSAGES } from './messages';
export * from './profile';
export * from './feedback';
export * from './queries';
export * from './appointments';
export * from './applicants';
export * from './rights';
export * from './property-form';
export * from './materials';
export * from './generic';
