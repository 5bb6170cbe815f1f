import { submitWithFeedback } from '@hall/app';
import { Button, TextArea } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import './console-page.css';

/** The words the operator writes, when the reply has them (feedback's reply, a rejection's opinion). */
export interface ReplyText {
  id: string;
  label: string;
  placeholder: string;
  rows: number;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A reply's state: the problem under the form and the busy button. `run` sends, and shows what the
 * hall refused (or the network's failure) in place; what was typed stays. Answers whether it went.
 */
export function useReply() {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (send: () => Promise<string | null>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    return submitWithFeedback(send, { inPlace: true, onSettled: () => setBusy(false), onFailure: setProblem });
  };
  return { problem, setProblem, busy, run };
}

/**
 * The one reply form of the counter's work: the feedback reply, the review's rejection and the
 * query's answer. The text (if any) and what else the reply needs, the problem announced under
 * them, then 取消 (when the form can be left) and the button that sends.
 */
export function ReplyForm({
  text,
  children,
  problem,
  busy,
  submitLabel,
  danger = false,
  onSubmit,
  onCancel,
}: {
  text?: ReplyText;
  children?: ReactNode;
  problem: string | null;
  busy: boolean;
  submitLabel: string;
  danger?: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
}) {
  return (
    <div className="reply-form">
      {text && (
        <>
          <label className="reply-form__label" htmlFor={text.id}>
            {text.label}
          </label>
          <TextArea id={text.id} placeholder={text.placeholder} value={text.value} onChange={text.onChange} rows={text.rows} maxLength={text.maxLength} showCount />
        </>
      )}
      {children}
      {problem && (
        <p className="console-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="console-actions">
        {onCancel && (
          <Button block onClick={onCancel} disabled={busy}>
            取消
          </Button>
        )}
        <Button block color={danger ? 'danger' : 'primary'} loading={busy} disabled={busy} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * A reply of words alone (feedback's reply, a low rating's 整改 answer) in its own section: refused
 * empty with `required`, sent by `send`, and handed on by `onSent`; what was typed stays whatever goes wrong.
 */
export function TextReply<Item>({
  section,
  field,
  required,
  submitLabel,
  send,
  onSent,
}: {
  section: string;
  field: Pick<ReplyText, 'id' | 'label' | 'placeholder' | 'maxLength'>;
  required: string;
  submitLabel: string;
  send: (text: string) => Promise<{ item: Item } | { problem: string }>;
  onSent: (item: Item) => void;
}) {
  const [text, setText] = useState('');
  const reply = useReply();

  function submit() {
    if (!text.trim()) return reply.setProblem(required);
    void reply.run(async () => {
      const outcome = await send(text.trim());
      if ('problem' in outcome) return outcome.problem;
      onSent(outcome.item);
      return null;
    });
  }

  return (
    <section className="console-section" aria-label={section}>
      <ReplyForm
        text={{
          ...field,
          rows: 5,
          value: text,
          onChange: (value) => {
            setText(value);
            reply.setProblem(null);
          },
        }}
        problem={reply.problem}
        busy={reply.busy}
        submitLabel={submitLabel}
        onSubmit={submit}
      />
    </section>
  );
}
