import type { ReactElement } from 'react';
import { Steps } from 'antd-mobile';
import { progressStepViews } from '@hall/domain/routing';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './apply-steps.css';

const classPrefix = classPrefixOf('apply-steps');

export type ApplyStepsProps = WithNativeProps<{
  /** The current step, from 1: fill screens are step 2; upload is 2 or 3. */
  current: number;
  /** With the 权利信息 step (业务须知, 权利信息, 上传资料, 完成) or without it. */
  withRightsInfo?: boolean;
}>;

/**
 * The progress bar of an application (spec part 2 §4, part 3 §2.21): antd-mobile's Steps with
 * the domain's steps; those before the current one are done, the current one shows 进行中.
 */
export function ApplySteps(props: ApplyStepsProps): ReactElement {
  const { current, withRightsInfo = true } = props;
  const messages = useMessages().applySteps;
  const views = progressStepViews(withRightsInfo, current);
  return withNativeProps(
    props,
    <div className={classPrefix} role="group" aria-label={messages.label}>
      <Steps current={Math.max(0, current - 1)}>
        {views.map((view) => (
          <Steps.Step key={view.title} title={view.title} description={view.description || undefined} status={view.status} aria-current={view.status === 'process' ? 'step' : undefined} />
        ))}
      </Steps>
    </div>,
  );
}
