export { ApplySteps, type ApplyStepsProps } from './apply-steps';
