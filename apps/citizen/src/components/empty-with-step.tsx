import { EmptyState } from '@hall/ui';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A full-page empty state with the one step that leads on from it (去预约, 去取号, 去完善 …). */
export function EmptyWithStep({ description, step, to, replace }: { description: ReactNode; step: string; to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return (
    <EmptyState description={description} fullPage>
      <Button color="primary" size="small" onClick={() => navigate(to, { replace })}>
        {step}
      </Button>
    </EmptyState>
  );
}
