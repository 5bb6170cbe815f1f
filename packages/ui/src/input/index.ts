export { Input, type InputProps, type InputRef } from './input';
