import { SIGNATURE_VERDICT_TONES, type SignatureVerdict, type VerdictTone } from '@hall/domain';
import { CheckCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import type { ComponentType, SVGProps } from 'react';

/** Each tone's icon: the verdict reads by its shape and its words as well as by its colour. */
const TONE_ICONS: Readonly<Record<VerdictTone, ComponentType<SVGProps<SVGSVGElement>>>> = {
  success: CheckCircleFill,
  warning: ExclamationCircleFill,
  danger: CloseCircleFill,
};

/** A verification's verdict (有效, 已被修改 …) in its tone: success only for 有效. */
export function VerdictBadge({ verdict, text }: { verdict: SignatureVerdict | undefined; text: string }) {
  const tone: VerdictTone = verdict ? SIGNATURE_VERDICT_TONES[verdict] : 'warning';
  const Icon = TONE_ICONS[tone];
  return (
    <span className={`hall-verdict is-${tone}`} data-tone={tone}>
      <Icon className="hall-verdict__icon" aria-hidden />
      {text}
    </span>
  );
}
