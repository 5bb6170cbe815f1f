import { stateOk, type ApplicationDetail, type DictionaryType, type RightsRecord } from '@hall/api/browser';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, infoFillPath, listEditScreen } from '@hall/domain';
import { Input, showAlert } from '@hall/ui';
import { List, Selector, TextArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { HallPage } from '../../../components/hall-page';
import { RemoteView } from '../../../components/remote-view';
import { href } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useBack } from '../../../lib/use-back';
import { dataOf, useRemote, NotFoundError, recordOf, APPLICATION_NOT_FOUND } from '@hall/app';
import { useSession } from '../../../stores/session';
import { useFormDraft, type FormValues } from '../info-fill/form-draft';
import { SaveActions, useFormSave } from '../info-fill/form-save';
import '../info-fill/info-fill.css';
import './rights-fill.css';
import { DateInput } from '../../../components/date-input';

/** Rights save answers (part 2 §8): state 1 保存成功, anything else 保存失败. */
export const RIGHTS_SAVED = '保存成功';
export const RIGHTS_SAVE_FAILED = '保存失败';

/** A picker's choices: code → text, in order. */
export type Choices = Readonly<Record<string, string>>;

/** What a rights screen loads: the application, its record of the savetype, and the dictionaries it picks from. */
export interface RightsData {
  detail: ApplicationDetail;
  record: RightsRecord | undefined;
  dictionaries: Partial<Record<DictionaryType, Choices>>;
}

/** The query the fill screen opens a rights screen with. */
export interface RightsQuery {
  applicationId: string;
  djlx: string;
  qllx: string;
  code: string;
  appointment: string;
}

export interface RightsFormProps<T extends FormValues> {
  data: RightsData;
  query: RightsQuery;
  values: T;
  change: (patch: Partial<T>) => void;
}

interface RightsScreenProps<T extends FormValues> {
  title: string;
  savetype: string;
  dictionaries: readonly DictionaryType[];
  /** The form's values from the saved record (or the spec's defaults for a new one). */
  initial: (record: RightsRecord | undefined) => T;
  /** The domain's rule for the values: a message, or null. */
  validate: (values: T) => string | null;
  /** The record sent as reqData. */
  toSave: (values: T) => Record<string, string>;
  children: (props: RightsFormProps<T>) => ReactNode;
}

/**
 * One rights edit screen under /info (query id, slsqId, djlx, qllx, appointment, code): loads the
 * application and the dictionaries, shows loading, not-found and failed states, keeps typing as a
 * local draft, and saves the record of its savetype with addQlxxInfo (state 1 保存成功 and back to
 * the fill screen, else 保存失败).
 */
export function RightsScreen<T extends FormValues>({ title, savetype, dictionaries, initial, validate, toSave, children }: RightsScreenProps<T>) {
  const [params] = useSearchParams();
  const applicationId = params.get('slsqId') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');

  const remote = useRemote(async (): Promise<RightsData> => {
    if (!applicationId) throw new NotFoundError(APPLICATION_NOT_FOUND);
    const [reply, ...lists] = await Promise.all([api.getApply({ openid, slsqId: applicationId }), ...dictionaries.map((type) => api.getList({ type }))]);
    // Another citizen's application, or none, answers 查询无数据: shown as not found.
    const detail = recordOf(reply, APPLICATION_NOT_FOUND);
    const loaded: Partial<Record<DictionaryType, Choices>> = {};
    dictionaries.forEach((type, index) => {
      const items = dataOf(lists[index]!).items;
      loaded[type] = Object.fromEntries(items.map((item) => [item.code, item.text]));
    });
    return { detail, record: detail.qlxxInfo.find((row) => row.savetype === savetype), dictionaries: loaded };
  }, [applicationId, openid]);

  const query: RightsQuery = {
    applicationId,
    djlx: params.get('djlx') ?? remote.data?.detail.proinst.djlx ?? '',
    qllx: params.get('qllx') ?? remote.data?.detail.proinst.qllx ?? '',
    code: params.get('code') ?? '',
    appointment: params.get('appointment') ?? remote.data?.detail.proinst.appointment ?? '',
  };

  return (
    <HallPage title={title} className="hall-rights">
      <RemoteView remote={remote}>
        {(data) => (
          <RightsForm data={data} query={query} savetype={savetype} initial={initial} validate={validate} toSave={toSave} title={title}>
            {children}
          </RightsForm>
        )}
      </RemoteView>
    </HallPage>
  );
}

interface RightsFormInnerProps<T extends FormValues> extends Omit<RightsScreenProps<T>, 'dictionaries'> {
  data: RightsData;
  query: RightsQuery;
}

function RightsForm<T extends FormValues>({ data, query, savetype, title, initial, validate, toSave, children }: RightsFormInnerProps<T>) {
  const [values, change, clearDraft] = useFormDraft<T>(`hall:rights-draft:${query.applicationId}:${savetype}`, initial(data.record));
  const { busy, save: send } = useFormSave('提交中', clearDraft);
  const openid = useSession((s) => s.user?.openid ?? '');
  const back = useBack(href(infoFillPath(listEditScreen(query.djlx, query.qllx)), { id: query.applicationId, djlx: query.djlx, qllx: query.qllx, code: query.code, appointment: query.appointment }));

  async function save() {
    const saved = await send(validate(values), async () => {
      const record = Object.fromEntries(Object.entries(toSave(values)).map(([key, value]) => [key, value.trim()]));
      const reply = await api.addQlxxInfo({ openid, proinstid: query.applicationId, savetype, reqData: { ...record, appointment: query.appointment } });
      return stateOk(reply) ? null : RIGHTS_SAVE_FAILED;
    });
    if (!saved) return;
    await showAlert(RIGHTS_SAVED);
    back();
  }

  return (
    <>
      <FormCard header={title} className="hall-rights__card">
        {children({ data, query, values, change })}
      </FormCard>
      <SaveActions busy={busy} onSave={() => void save()} onBack={back} />
    </>
  );
}

function Label({ htmlFor, text, required }: { htmlFor?: string; text: string; required?: boolean | undefined }) {
  const star = required ? (
    <span className="hall-info-fill__star" aria-hidden="true">
      *
    </span>
  ) : null;
  return htmlFor ? (
    <label htmlFor={htmlFor}>
      {star}
      {text}
    </label>
  ) : (
    <>
      {star}
      {text}
    </>
  );
}

/** A dictionary's choices, or the domain's enum when the dictionary is empty. */
export function choicesOf(data: RightsData, type: DictionaryType, fallback: Choices): Choices {
  const loaded = data.dictionaries[type];
  return loaded && Object.keys(loaded).length > 0 ? loaded : fallback;
}

export function ChoiceField({ label, choices, value, onChange, required }: { label: string; choices: Choices; value: string; onChange: (value: string) => void; required?: boolean }) {
  return (
    <List.Item className="hall-person__choice" title={<Label text={label} required={required} />}>
      <Selector
        aria-label={label}
        options={Object.entries(choices).map(([code, text]) => ({ value: code, label: text }))}
        value={value ? [value] : []}
        onChange={(chosen) => onChange(chosen[0] ?? '')}
      />
    </List.Item>
  );
}

export function TextField({
  id,
  label,
  value,
  onChange,
  required,
  numeric,
  suffix,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  numeric?: boolean;
  suffix?: string;
}) {
  return (
    <List.Item prefix={<Label htmlFor={id} text={label} required={required} />} extra={suffix}>
      <Input
        id={id}
        // Amounts bring up the numeric keypad.
        inputMode={numeric ? 'decimal' : undefined}
        pattern={numeric ? '[0-9]*[.]?[0-9]*' : undefined}
        aria-required={required || undefined}
        placeholder={`请输入${label}`}
        value={value}
        onChange={onChange}
        maxLength={numeric ? 20 : 200}
        clearable
      />
    </List.Item>
  );
}

export function DateField({ id, label, value, onChange, required }: { id: string; label: string; value: string; onChange: (value: string) => void; required?: boolean }) {
  return (
    <List.Item prefix={<Label htmlFor={id} text={label} required={required} />}>
      <DateInput id={id} min={`${DATE_YEAR_MIN}-01-01`} max={`${DATE_YEAR_MAX}-12-31`} aria-required={required || undefined} value={value} onChange={onChange} />
    </List.Item>
  );
}

export function NoteField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <List.Item prefix={<Label htmlFor={id} text={label} />}>
      <TextArea id={id} placeholder={`请输入${label}`} value={value} onChange={onChange} maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
    </List.Item>
  );
}
