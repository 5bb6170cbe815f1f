import { ANSWER_MAX_LENGTH, CONTACT_MAX_LINES, QUESTION_MAX_LENGTH, type ConsoleQuestion } from '@hall/api/browser';
import { LOAD_FAILED } from '@hall/app';
import { ErrorState } from '@hall/ui/load-state';
import { Button, Form, TextArea } from 'antd-mobile';
import { Input, showSuccess } from '@hall/ui';
import { useState } from 'react';
import { FormError, useFormSubmit } from '../../../components/form-submit';
import { api } from '../../../lib/hall';
import { dataOrThrow, refusalOf } from '../shared/content-api';
import { ContentSheet, SheetForm } from '../shared/content-sheet';
import { CardActions } from '../shared/card-actions';
import { useContentList } from '../shared/use-list-actions';
import { LoadStatus } from '../../../components/load-status';
import '../shared/content-forms.css';
import { ConsolePage } from '../../../components/console-page';
import { useConsoleRemote } from '../../../lib/use-console-remote';

/** A question and its answer. */
function QuestionForm({ question, onSaved, onCancel }: { question: ConsoleQuestion | null; onSaved: () => void; onCancel: () => void }) {
  return (
    <SheetForm
      title={question ? '编辑常见问题' : '新增常见问题'}
      initialValues={{ question: question?.question ?? '', answer: question?.answer ?? '' }}
      save={(values: { question: string; answer: string }) => api.saveConsoleQuestion({ ...(question ? { id: question.id } : {}), question: values.question ?? '', answer: values.answer ?? '' })}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <Form.Item name="question" label="问题" rules={[{ required: true, message: '请填写问题' }]}>
        <Input maxLength={QUESTION_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="answer" label="解答" rules={[{ required: true, message: '请填写解答' }]}>
        <TextArea rows={6} maxLength={ANSWER_MAX_LENGTH} showCount />
      </Form.Item>
    </SheetForm>
  );
}

/** 联系我们: the contact lines, one a line; what was typed stays whatever goes wrong. */
function ContactForm() {
  const loaded = useConsoleRemote(async () => dataOrThrow(await api.getConsoleContact({})).lines, []);
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (loaded.data ?? []).join('\n');
  const { busy, error, run } = useFormSubmit(async (value: string) => {
    const reply = await api.saveConsoleContact({ lines: value.split('\n') });
    const refused = refusalOf(reply, '保存失败，请稍后重试');
    if (!refused) showSuccess('保存成功');
    return refused;
  });
  return (
    <section className="console-section" aria-label="联系我们">
      <h2>
        <label htmlFor="contact-lines">联系我们</label>
      </h2>
      {loaded.error !== null ? (
        <ErrorState title={LOAD_FAILED} message={loaded.error} onRetry={() => void loaded.reload()} />
      ) : (
        <>
          <TextArea id="contact-lines" rows={5} value={shown} onChange={setText} placeholder={'每行一条，如：\n地址：……\n电话：……'} />
          <p className="console-muted">{`每行一条，最多${CONTACT_MAX_LINES}行；行内不能用逗号。市民在“联系我们”中按行看到。`}</p>
          <FormError message={error} />
          <div className="console-actions">
            <Button color="primary" loading={busy} disabled={busy || loaded.loading} onClick={() => void run(shown)}>
              保存联系方式
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** 常见问题与联系方式: the common questions citizens read, in order, and the contact lines (docs/architecture.md §6). */
export function QuestionsPage() {
  const { loaded, items, busy, reorder, remove } = useContentList(async () => dataOrThrow(await api.listConsoleQuestions({})).items);
  const [editing, setEditing] = useState<{ question: ConsoleQuestion | null } | null>(null);
  const move = (question: ConsoleQuestion, step: -1 | 1) => reorder(items?.map((item) => item.id) ?? [], question.id, step, (ids) => api.orderConsoleQuestions({ ids }));

  return (
    <ConsolePage className="content-page" title="常见问题与联系方式" onRefresh={loaded.reload}>
      <ContactForm />
      <section className="console-section" aria-label="常见问题">
        <h2>常见问题</h2>
        <Button color="primary" size="small" onClick={() => setEditing({ question: null })}>
          新增常见问题
        </Button>
      </section>
      <LoadStatus loaded={loaded} />
      {items && (
        <ul className="console-list" aria-label="常见问题列表">
          {items.map((question, index) => (
            <li key={question.id} className="content-card">
              <div className="content-card__body">
                <span className="console-item__title">{question.question}</span>
                <span className="content-card__line">{question.answer}</span>
                <CardActions
                  name={question.question}
                  index={index}
                  count={items.length}
                  busy={busy}
                  onEdit={() => setEditing({ question })}
                  onMove={(step) => move(question, step)}
                  onRemove={() => void remove(question.question, () => api.deleteConsoleQuestion({ id: question.id }))}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ContentSheet
        editing={editing}
        close={() => setEditing(null)}
        reload={loaded.reload}
        render={({ question }, saved) => <QuestionForm question={question} onCancel={() => setEditing(null)} onSaved={saved} />}
      />
    </ConsolePage>
  );
}
export { QuestionsPage as Component };
