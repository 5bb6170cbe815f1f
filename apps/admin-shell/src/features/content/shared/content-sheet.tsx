import { Button, Form, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FormError, useFormSubmit } from '../../../components/form-submit';
import { refusalOf } from './content-api';
import { showSuccess } from '@hall/ui';

/** The bottom sheet a content form opens in; a save closes it, says so and reloads the list. */
export function ContentSheet<Item>({
  editing,
  close,
  reload,
  render,
}: {
  editing: Item | null;
  close: () => void;
  reload: () => Promise<unknown>;
  render: (item: Item, saved: () => void) => ReactNode;
}) {
  const saved = () => {
    close();
    showSuccess('保存成功');
    void reload();
  };
  return (
    <Popup visible={editing !== null} onMaskClick={close} bodyClassName="content-sheet" destroyOnClose>
      {editing !== null && render(editing, saved)}
    </Popup>
  );
}

/**
 * A content form in its sheet: 取消 and 保存, and the hall's refusal in place under the fields, which
 * keep what was typed. `save` sends the values and answers the hall's reply.
 */
export function SheetForm<Values extends object>({
  title,
  initialValues,
  save,
  onSaved,
  onCancel,
  children,
}: {
  title: string;
  initialValues: Values;
  save: (values: Values) => Promise<{ errcode: string; errmsg?: string }>;
  onSaved: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { busy, error, run } = useFormSubmit(async (values: Values) => {
    const refused = refusalOf(await save(values), '保存失败，请稍后重试');
    if (!refused) onSaved();
    return refused;
  });
  return (
    <div>
      <h2 className="content-sheet__title">{title}</h2>
      <Form
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values: Values) => void run(values)}
        footer={
          <div className="content-sheet__buttons">
            <Button block onClick={onCancel}>
              取消
            </Button>
            <Button block type="submit" color="primary" loading={busy}>
              保存
            </Button>
          </div>
        }
      >
        {children}
      </Form>
      <FormError message={error} />
    </div>
  );
}
