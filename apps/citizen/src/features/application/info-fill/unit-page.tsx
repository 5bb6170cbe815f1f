import { errcodeOk, type PropertyUnit, type UnitFieldRequirement } from '@hall/api/browser';
import {
  CERTIFICATE_COUNTS,
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  HOLDING_METHODS,
  HOUSE_USES_IN_ORDER,
  LAND_USES_IN_ORDER,
  PROPERTY_CERTIFICATE_FIELD,
  PROPERTY_DATE_FIELDS,
  PROPERTY_FIELD_LABELS,
  PROPERTY_NUMERIC_FIELDS,
  infoFillPath,
  listEditScreen,
  propertyFieldUnit,
  validatePropertyForm,
} from '@hall/domain';
import { Input, showAlert } from '@hall/ui';
import { List, Selector } from 'antd-mobile';
import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { HallPage } from '../../../components/hall-page';
import { RemoteView } from '../../../components/remote-view';
import { href } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useBack } from '../../../lib/use-back';
import { useRemote, NotFoundError } from '@hall/app';
import { useSession } from '../../../stores/session';
import { loadApplicationWithTitle } from './application-data';
import { useFormDraft } from './form-draft';
import { SaveActions, useFormSave } from './form-save';
import './info-fill.css';
import { DateInput } from '../../../components/date-input';

/**
 * Fields whose values outgrow a phone's line: a unit number has 28 characters, a certificate number
 * or a location often more. They wrap onto further lines instead of being cut off.
 */
const WRAPPED_FIELDS: readonly string[] = ['bdcdyh', 'bdcqzmh', 'zl'];

/** A one-line field that grows a line at a time as its value wraps; a line break typed or pasted is dropped. */
function WrappedInput({ id, required, placeholder, value, onChange }: { id: string; required: boolean; placeholder: string; value: string; onChange: (value: string) => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    const fit = () => {
      element.style.height = 'auto';
      element.style.height = `${element.scrollHeight}px`;
    };
    fit();
    // A narrower screen (a turned phone, larger text) wraps the value onto more lines.
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [value]);
  return (
    <textarea
      ref={field}
      id={id}
      className="hall-unit__wrapped"
      rows={1}
      aria-required={required || undefined}
      placeholder={placeholder}
      value={value}
      maxLength={200}
      onChange={(event) => onChange(event.target.value.replace(/[\r\n]/g, ''))}
    />
  );
}

export const UNIT_SAVE_FAILED = '提交数据失败';
export const UNIT_SAVED = '保存成功';
const NO_UNIT = '未找到该不动产单元';

/** The spec's defaults of a unit (part 2 §3), shown in a new unit's form. */
const UNIT_DEFAULTS: Readonly<Record<string, string>> = { fwyt: '10', tdsyq_yt: '071', czfs: '02', sfhbzs: '0' };

/** Fields chosen from a fixed list rather than typed. */
const CHOICE_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = { czfs: HOLDING_METHODS, sfhbzs: CERTIFICATE_COUNTS };

/** The use fields, chosen by their words from the registration dictionaries; the code is what is saved. */
const USE_FIELDS: Readonly<Record<string, readonly (readonly [code: string, words: string])[]>> = { fwyt: HOUSE_USES_IN_ORDER, tdsyq_yt: LAND_USES_IN_ORDER };

type UnitValues = Record<string, string>;

/**
 * /info/dyxxinfo?id&slsqId&djlx&qllx&appointment&code: adds (blank id) or edits a property unit.
 * The business's field list (getApplyTitle fwxx) says which fields show and which are required
 * (isfillin 1; the certificate number never for qllx 423); areas and amounts are numbers, dates lie
 * in 1949–2099 (spec part 2 §2, §5, §8). Typing is kept as a draft until saved.
 */
export function UnitPage() {
  return <UnitScreen title="不动产单元信息" heading="不动产单元" />;
}

/** The unit form under a screen's own title and card heading (/info/dyxxinfo, /info/houseinfo). */
export function UnitScreen({ title, heading }: { title: string; heading: string }) {
  const [params] = useSearchParams();
  const unitId = params.get('id') ?? '';
  const applicationId = params.get('slsqId') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');

  const remote = useRemote(async () => {
    const { detail, title } = await loadApplicationWithTitle(openid, applicationId);
    const unit = unitId ? detail.units.find((row) => row.id === unitId) : undefined;
    if (unitId && !unit) throw new NotFoundError(NO_UNIT);
    return { detail, fields: title.fwxx, unit };
  }, [applicationId, unitId, openid]);

  return (
    <HallPage title={title} className="hall-unit">
      <RemoteView remote={remote}>
        {(data) => (
          <UnitForm
            heading={heading}
            fields={data.fields}
            unit={data.unit}
            applicationId={applicationId}
            djlx={data.detail.proinst.djlx}
            qllx={data.detail.proinst.qllx}
            appointment={params.get('appointment') ?? data.detail.proinst.appointment}
            code={params.get('code') ?? ''}
            found={unitId ? {} : Object.fromEntries(data.fields.map(({ field }) => [field, params.get(field) ?? '']))}
          />
        )}
      </RemoteView>
    </HallPage>
  );
}

interface UnitFormProps {
  heading: string;
  fields: UnitFieldRequirement[];
  unit: PropertyUnit | undefined;
  applicationId: string;
  djlx: string;
  qllx: string;
  appointment: string;
  code: string;
  /** A new unit's values found by the property certificate query (/bdcqzQuery), by field. */
  found: Readonly<Record<string, string>>;
}

function initialValues(fields: UnitFieldRequirement[], unit: PropertyUnit | undefined, found: Readonly<Record<string, string>>): UnitValues {
  const values: UnitValues = {};
  for (const { field } of fields) {
    const saved = unit ? (unit as unknown as Record<string, string | undefined>)[field] : undefined;
    values[field] = saved || (unit ? '' : found[field] || (UNIT_DEFAULTS[field] ?? ''));
  }
  return values;
}

function UnitForm({ heading, fields, unit, applicationId, djlx, qllx, appointment, code, found }: UnitFormProps) {
  const [values, changeValues, clearDraft] = useFormDraft(`hall:unit-draft:${applicationId}:${unit?.id || 'new'}`, initialValues(fields, unit, found));
  const { busy, save: send } = useFormSave('提交中', clearDraft);
  const openid = useSession((s) => s.user?.openid ?? '');
  const back = useBack(href(infoFillPath(listEditScreen(djlx, qllx)), { id: applicationId, djlx, qllx, code, appointment }));
  const change = (field: string, value: string) => changeValues({ [field]: value });
  const required = (field: UnitFieldRequirement) => field.isfillin === '1' && !(field.field === PROPERTY_CERTIFICATE_FIELD && qllx === '423');

  async function save() {
    const saved = await send(validatePropertyForm(fields, values, { qllx }), async () => {
      const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
      const reply = await api.addReleasteInfo({ openid, proinstid: applicationId, fwxxs: [{ ...trimmed, id: unit?.id ?? '' }] });
      return errcodeOk(reply) ? null : UNIT_SAVE_FAILED;
    });
    if (!saved) return;
    await showAlert(UNIT_SAVED);
    back();
  }

  return (
    <>
      <FormCard header={heading} className="hall-unit__card">
        {fields.map((field) => {
          const label = field.label || PROPERTY_FIELD_LABELS[field.field] || field.field;
          const id = `unit-${field.field}`;
          const star = required(field) ? (
            <span className="hall-info-fill__star" aria-hidden="true">
              *
            </span>
          ) : null;
          const choices = CHOICE_FIELDS[field.field];
          if (choices) {
            return (
              <List.Item
                key={field.field}
                className="hall-person__choice"
                title={
                  <>
                    {star}
                    {label}
                  </>
                }
              >
                <Selector
                  aria-label={label}
                  options={Object.entries(choices).map(([value, text]) => ({ value, label: text }))}
                  value={values[field.field] ? [values[field.field] ?? ''] : []}
                  onChange={(chosen) => change(field.field, chosen[0] ?? '')}
                />
              </List.Item>
            );
          }
          const uses = USE_FIELDS[field.field];
          const value = values[field.field] ?? '';
          const isDate = PROPERTY_DATE_FIELDS.includes(field.field);
          const isNumber = PROPERTY_NUMERIC_FIELDS.includes(field.field);
          return (
            <List.Item
              key={field.field}
              extra={propertyFieldUnit(field.field)}
              prefix={
                <label htmlFor={id}>
                  {star}
                  {label}
                </label>
              }
            >
              {uses ? (
                <select id={id} className="hall-unit__date" aria-required={required(field) || undefined} value={value} onChange={(event) => change(field.field, event.target.value)}>
                  <option value="">{`请选择${label}`}</option>
                  {/* A saved value the dictionary does not hold stays choosable as it is. */}
                  {value && !uses.some(([code]) => code === value) ? <option value={value}>{value}</option> : null}
                  {uses.map(([code, words]) => (
                    <option key={code} value={code}>
                      {words}
                    </option>
                  ))}
                </select>
              ) : isDate ? (
                <DateInput
                  id={id}
                  min={`${DATE_YEAR_MIN}-01-01`}
                  max={`${DATE_YEAR_MAX}-12-31`}
                  aria-required={required(field) || undefined}
                  value={values[field.field] ?? ''}
                  onChange={(value) => change(field.field, value)}
                />
              ) : WRAPPED_FIELDS.includes(field.field) ? (
                <WrappedInput id={id} required={required(field)} placeholder={`请输入${label}`} value={value} onChange={(typed) => change(field.field, typed)} />
              ) : (
                <Input
                  id={id}
                  inputMode={isNumber ? 'decimal' : undefined}
                  aria-required={required(field) || undefined}
                  placeholder={`请输入${label}`}
                  value={values[field.field] ?? ''}
                  onChange={(value) => change(field.field, value)}
                  maxLength={isNumber ? 20 : 200}
                  clearable
                />
              )}
            </List.Item>
          );
        })}
      </FormCard>
      <SaveActions busy={busy} onSave={() => void save()} onBack={back} />
    </>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { UnitPage as Component };
