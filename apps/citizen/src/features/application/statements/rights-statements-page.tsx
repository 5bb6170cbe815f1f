import { stateOk } from '@hall/api/browser';
import {
  CHANGE_RECORD_QUESTIONS,
  FILL_SCREEN_PROGRESS_STEP,
  INQUIRY_QUESTIONS,
  SAVE_TYPE_CANCELLATION,
  STATEMENT_DOCUMENT_TITLES,
  STATEMENT_MESSAGES,
  STATEMENT_PREVIEW_PATHS,
  UNDERTAKING_FIELDS,
  UNDERTAKING_LABELS,
  isChangeOfHolderCase,
  statementDocumentsOf,
  validateDeathDate,
  validateSharePercent,
  type StatementDocument,
} from '@hall/domain';
import { ApplySteps, Input, showAlert } from '@hall/ui';
import { Button, List, Selector } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { HallPage } from '../../../components/hall-page';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { APPLICATION_NOT_FOUND, useRemote, submitWithFeedback } from '@hall/app';
import { useSession } from '../../../stores/session';
import { ManagedFillSections, passesApplicationCheck } from '../info-fill/managed-sections';
import { RemoteView } from '../../../components/remote-view';
import { loadCaseStatements, signDataOf, type CaseStatements } from './statement-data';
import './statements.css';

const ALERT_TITLE = '提示';
type Fields = Record<string, string>;

/**
 * /info/infofillJcinfo (权利信息填写, spec part 3 §2.13, §2.16): the undertaking letter and the
 * inquiry record of a transfer; for a certificate-change case (800+4) the inheritance affidavit and
 * the questioning record with the share in percent, previewed as the description and the record.
 * Each preview saves first; 下一步 saves and opens the upload screen.
 */
export function RightsStatementsPage() {
  const [params] = useSearchParams();
  const applicationId = params.get('slsqId') || params.get('id') || '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const remote = useRemote(() => loadCaseStatements(openid, applicationId), [openid, applicationId]);
  return (
    <HallPage title="权利信息填写" className="hall-statement">
      <div className="hall-statement__steps">
        <ApplySteps current={FILL_SCREEN_PROGRESS_STEP} />
      </div>
      <RemoteView remote={remote} notFound={APPLICATION_NOT_FOUND}>
        {(data) => <StatementsForm data={data} appointment={params.get('appointment') ?? data.detail.proinst.appointment} onChanged={() => void remote.reload()} />}
      </RemoteView>
    </HallPage>
  );
}

function initial(saved: Record<string, string>, fields: readonly string[], zl: string): Fields {
  const values: Fields = {};
  for (const field of fields) values[field] = saved[field] ?? '';
  if ('zl' in values && !values.zl) values.zl = zl;
  return values;
}

function StatementsForm({ data, appointment, onChanged }: { data: CaseStatements; appointment: string; onChanged: () => void }) {
  const { proinst } = data.detail;
  const isChange = isChangeOfHolderCase(proinst.djlx, proinst.qllx);
  const zl = data.bundle.houseInfo.zl;
  const [jus, setJus] = useState(() => initial(data.bundle.jusInfo, UNDERTAKING_FIELDS, zl));
  const [record, setRecord] = useState(() =>
    initial(
      data.bundle.recordInfo,
      INQUIRY_QUESTIONS.map((q) => q.field),
      zl,
    ),
  );
  const [change, setChange] = useState(() =>
    initial(
      data.bundle.changecqzInfo,
      CHANGE_RECORD_QUESTIONS.map((q) => q.field),
      zl,
    ),
  );
  const [busy, setBusy] = useState(false);
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const documents = statementDocumentsOf(proinst.djlx, proinst.qllx);

  /** Saves the statements; true when saved. 800+4 saves with savetype 4 (part 3 §4), any other case with save_sqr_wx. */
  async function save(): Promise<boolean> {
    const problem = validateDeathDate(jus.swsj) ?? (isChange ? validateSharePercent(change.fostr) : null);
    if (problem) {
      await showAlert(problem, { title: ALERT_TITLE });
      return false;
    }
    setBusy(true);
    return submitWithFeedback(
      async () => {
        const reply: { state: number | boolean; msg?: string | undefined } = isChange
          ? await api.addQlxxInfo({ openid, proinstid: proinst.id, savetype: SAVE_TYPE_CANCELLATION, changecqzInfo: JSON.stringify(change), jusInfo: JSON.stringify(jus) })
          : await api.saveSqrWx({ openid, proinstid: proinst.id, onlyUserinfo: 'true', recordInfo: JSON.stringify(record), jusInfo: JSON.stringify(jus) });
        return stateOk(reply) ? null : reply.msg || STATEMENT_MESSAGES.saveFailed;
      },
      { loading: '保存中', onSettled: () => setBusy(false) },
    );
  }

  async function preview(document: StatementDocument) {
    if (!(await save())) return;
    navigate(href(STATEMENT_PREVIEW_PATHS[document], { slsqId: proinst.id, djlx: proinst.djlx, qllx: proinst.qllx, signData: signDataOf(data.signatures) }));
  }

  async function next() {
    // The server check of the fill screens (part 2 §4) comes first: the parties, units, rights and shares.
    if (!(await passesApplicationCheck(openid, proinst.id))) return;
    if (!(await save())) return;
    navigate(href(paths.upload, { slsqId: proinst.id, djlx: proinst.djlx, qllx: proinst.qllx, appointment }));
  }

  const previewButton = (document: StatementDocument) =>
    documents.includes(document) ? (
      <Button key={document} size="small" color="primary" fill="outline" disabled={busy} onClick={() => void preview(document)}>
        预览{STATEMENT_DOCUMENT_TITLES[document]}
      </Button>
    ) : null;

  return (
    <>
      <ManagedFillSections
        screen="infofillJcinfo"
        detail={data.detail}
        title={data.title}
        query={{ applicationId: proinst.id, djlx: proinst.djlx, qllx: proinst.qllx, code: '', appointment }}
        onChanged={onChanged}
      />
      <FormCard header={isChange ? '继承具结书' : STATEMENT_DOCUMENT_TITLES.undertaking} className="hall-statement__card">
        {UNDERTAKING_FIELDS.map((field) => (
          <TextRow
            key={field}
            id={`jus-${field}`}
            label={UNDERTAKING_LABELS[field]}
            type={field === 'swsj' ? 'date' : undefined}
            value={jus[field] ?? ''}
            onChange={(value) => setJus((old) => ({ ...old, [field]: value }))}
          />
        ))}
        <List.Item>
          <div className="hall-statement__previews">{previewButton('undertaking')}</div>
        </List.Item>
      </FormCard>
      {isChange ? (
        <FormCard header="换证问询记录" className="hall-statement__card">
          {CHANGE_RECORD_QUESTIONS.map((item) => (
            <TextRow
              key={item.field}
              id={`change-${item.field}`}
              label={item.question}
              stacked
              inputMode={item.field === 'fostr' ? 'decimal' : undefined}
              suffix={item.field === 'fostr' ? '%' : undefined}
              value={change[item.field] ?? ''}
              onChange={(value) => setChange((old) => ({ ...old, [item.field]: value }))}
            />
          ))}
          <List.Item>
            <div className="hall-statement__previews">
              {previewButton('changeStatement')}
              {previewButton('changeInquiry')}
            </div>
          </List.Item>
        </FormCard>
      ) : (
        <FormCard header={STATEMENT_DOCUMENT_TITLES.inquiry} className="hall-statement__card">
          {INQUIRY_QUESTIONS.map((item) =>
            item.choices ? (
              <List.Item key={item.field} className="hall-statement__choice" title={item.question}>
                <Selector
                  aria-label={item.question}
                  options={item.choices.map((choice) => ({ value: choice, label: choice }))}
                  value={[record[item.field] || item.choices[0]]}
                  onChange={(chosen) => chosen[0] && setRecord((old) => ({ ...old, [item.field]: chosen[0]! }))}
                />
              </List.Item>
            ) : (
              <TextRow
                key={item.field}
                id={`record-${item.field}`}
                label={item.question}
                stacked
                value={record[item.field] ?? ''}
                onChange={(value) => setRecord((old) => ({ ...old, [item.field]: value }))}
              />
            ),
          )}
          <List.Item>
            <div className="hall-statement__previews">{previewButton('inquiry')}</div>
          </List.Item>
        </FormCard>
      )}
      <div className="hall-statement__footer">
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void next()}>
          下一步
        </Button>
      </div>
    </>
  );
}

interface TextRowProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string | undefined;
  inputMode?: 'decimal' | undefined;
  suffix?: string | undefined;
  /** The label above the input, for a question too long to sit beside it. */
  stacked?: boolean;
}

function TextRow({ id, label, value, onChange, type, inputMode, suffix, stacked }: TextRowProps): ReactNode {
  const input = <Input id={id} type={type} inputMode={inputMode} placeholder={`请输入${stacked ? '' : label}`} value={value} onChange={onChange} maxLength={500} clearable />;
  if (stacked)
    return (
      <List.Item title={<label htmlFor={id}>{label}</label>} extra={suffix}>
        {input}
      </List.Item>
    );
  return (
    <List.Item prefix={<label htmlFor={id}>{label}</label>} extra={suffix}>
      {input}
    </List.Item>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { RightsStatementsPage as Component };
