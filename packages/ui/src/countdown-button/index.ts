export { CountdownButton, type CountdownButtonProps } from './countdown-button';
