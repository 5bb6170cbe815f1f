import { submitWithFeedback } from '@hall/app';
import { showAlert } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useState, type ReactNode } from 'react';

/**
 * Saving a fill form: the problem the rules found shows in an alert and nothing is sent; else the
 * record is sent under the loading toast, the form busy until the answer. Once the hall took it
 * the form's draft is dropped and the save answers true.
 */
export function useFormSave(loading: string, clearDraft: () => void) {
  const [busy, setBusy] = useState(false);
  async function save(problem: string | null, send: () => Promise<string | null>): Promise<boolean> {
    if (problem) {
      await showAlert(problem);
      return false;
    }
    setBusy(true);
    const saved = await submitWithFeedback(send, { loading, onSettled: () => setBusy(false) });
    if (saved) clearDraft();
    return saved;
  }
  return { busy, save };
}

/** 保存 and 返回 under an edit form, after any action of its own; `afterSave` holds what needs the form saved first (点击签字). */
export function SaveActions({ busy, onSave, onBack, children, afterSave }: { busy: boolean; onSave: () => void; onBack: () => void; children?: ReactNode; afterSave?: ReactNode }) {
  return (
    <div className="hall-person__actions">
      {children}
      <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={onSave}>
        保存
      </Button>
      {afterSave}
      <Button block size="large" onClick={onBack}>
        返回
      </Button>
    </div>
  );
}
