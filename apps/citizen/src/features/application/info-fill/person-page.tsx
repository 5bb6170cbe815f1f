import { errcodeOk, type Applicant } from '@hall/api/browser';
import {
  APPLICANT_CATEGORIES,
  APPLICANT_CATEGORY_COMPANY,
  APPLICANT_KINDS,
  COMPANY_ID_TYPES,
  HOLDER_FLAGS,
  PERSONAL_ID_TYPES,
  SHARE_MAX,
  SHARING_MODES,
  applicantKindTitle,
  infoFillPath,
  personSaveNextScreen,
  personSaveNextTarget,
  routeHref,
  validateApplicant,
  validateSigning,
} from '@hall/domain';
import { Input, showAlert, showConfirm } from '@hall/ui';
import { Button, List, Selector } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { HallPage } from '../../../components/hall-page';
import { RemoteView } from '../../../components/remote-view';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useBack } from '../../../lib/use-back';
import { useRemote, NotFoundError, APPLICANT_NOT_FOUND } from '@hall/app';
import { useSession } from '../../../stores/session';
import { loadApplicationWithTitle } from './application-data';
import { SaveActions, useFormSave } from './form-save';
import { COMPANY_DEFAULT_ID_TYPE, EMPTY_PERSON, personDraftKey, personValuesOf, usePersonDraft } from './person-draft';
import './info-fill.css';

export const SAVED = '保存成功';
const SIGN = '点击签字';
const SIGN_LATER_HINT = '请本人现在签字；也可点击确定继续填写，稍后在申请人信息中签字。';

/** 保存成功 with the choice to sign now (点击签字) or go on (确定, the flow's next screen); resolves true to sign. */
async function offerSigning(): Promise<boolean> {
  const goOn = await showConfirm(
    <>
      <p>{SAVED}</p>
      <p>{SIGN_LATER_HINT}</p>
    </>,
    { cancelText: SIGN },
  );
  return !goOn;
}
export const SAVE_FAILED = '保存失败';
type Options = Readonly<Record<string, string>>;
const optionsOf = (dictionary: Options) => Object.entries(dictionary).map(([value, label]) => ({ value, label }));
/** 是 before 否, as a yes/no question reads. */
const HOLDER_OPTIONS = ['1', '0'].map((value) => ({ value, label: HOLDER_FLAGS[value as keyof typeof HOLDER_FLAGS] }));

/**
 * /info/person?type&id&slsqId&djlx&qllx&appointment&code: adds (blank id) or edits an applicant of
 * the application, kind 0 rights holder, 1 obligor or 10 mortgagee (spec part 2 §2, §3, §5, §8;
 * part 3 §2.17). Typing is kept as a draft until saved.
 */
export function PersonPage() {
  const [params] = useSearchParams();
  const type = params.get('type') ?? '0';
  const kind = type === '1' || type === '10' ? type : '0';
  const personId = params.get('id') ?? params.get('userid') ?? '';
  const applicationId = params.get('slsqId') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');

  const remote = useRemote(async () => {
    const { detail, title } = await loadApplicationWithTitle(openid, applicationId);
    const person = personId ? detail.sqrs.find((row) => row.sqr_id === personId) : undefined;
    if (personId && !person) throw new NotFoundError(APPLICANT_NOT_FOUND);
    return { detail, title, person };
  }, [applicationId, personId, openid]);

  const kindLabel = remote.data ? applicantKindTitle(kind, remote.data.title) : APPLICANT_KINDS[kind];
  return (
    <HallPage title={`${kindLabel}信息`} className="hall-person">
      <RemoteView remote={remote}>
        {(data) => (
          <PersonForm
            key={personDraftKey(applicationId, kind, personId)}
            kind={kind}
            person={data.person}
            applicationId={applicationId}
            djlx={data.detail.proinst.djlx}
            qllx={data.detail.proinst.qllx}
            appointment={params.get('appointment') ?? data.detail.proinst.appointment}
            code={params.get('code') ?? ''}
          />
        )}
      </RemoteView>
    </HallPage>
  );
}

interface PersonFormProps {
  kind: '0' | '1' | '10';
  person: Applicant | undefined;
  applicationId: string;
  djlx: string;
  qllx: string;
  appointment: string;
  code: string;
}

function PersonForm({ kind, person, applicationId, djlx, qllx, appointment, code }: PersonFormProps) {
  const personId = person?.sqr_id ?? '';
  const [values, change, clearDraft] = usePersonDraft(personDraftKey(applicationId, kind, personId), person ? personValuesOf(person) : EMPTY_PERSON);
  const { busy, save: send } = useFormSave('保存中', clearDraft);
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  // Without a screen behind it (a shared link), 返回 opens the pair's fill screen.
  const back = useBack(href(infoFillPath(personSaveNextScreen(djlx, qllx)), { id: applicationId, djlx, qllx, code, appointment }));
  const isCompany = values.category === APPLICANT_CATEGORY_COMPANY;
  const signed = person?.qzzt === '1';

  function setCategory(category: string) {
    const idTypes: Options = category === APPLICANT_CATEGORY_COMPANY ? COMPANY_ID_TYPES : PERSONAL_ID_TYPES;
    const idType = values.idType in idTypes ? values.idType : category === APPLICANT_CATEGORY_COMPANY ? COMPANY_DEFAULT_ID_TYPE : EMPTY_PERSON.idType;
    change({ category, idType });
  }

  async function save() {
    const problem = validateApplicant({
      category: values.category,
      name: values.name,
      phone: values.phone,
      idType: values.idType,
      idNumber: values.idNumber,
      address: values.address,
      agentIdType: values.agentIdType,
      agentIdNumber: values.agentIdNumber,
      agentPhone: values.agentPhone,
      legalRepresentativePhone: isCompany ? values.repPhone : '',
      sharingMode: values.sharingMode,
      share: values.share,
    });
    let savedId = '';
    const saved = await send(problem, async () => {
      const reply = await api.addPerson({
        openid,
        proinstid: applicationId,
        proposerinfo: {
          id: personId,
          category: values.category,
          sqrxm: values.name.trim(),
          zjlx: values.idType,
          sqrzjh: values.idNumber.trim(),
          gyfs: values.sharingMode,
          gyfe: values.sharingMode === '0' ? '' : values.share.trim(),
          sqrlxdh: values.phone.trim(),
          sqrlx: kind,
          sqrdz: values.address.trim(),
          dlrxm: values.agentName.trim(),
          dlrzjh: values.agentIdNumber.trim(),
          dlrzjlx: values.agentIdType,
          dlrlxdh: values.agentPhone.trim(),
          fddbrxm: isCompany ? values.repName.trim() : '',
          fddbrzjh: isCompany ? values.repIdNumber.trim() : '',
          fddbrzjlx: isCompany ? values.repIdType : '',
          fddbrdh: isCompany ? values.repPhone.trim() : '',
          sfcqr: values.holder,
        },
      });
      if (!errcodeOk(reply)) return SAVE_FAILED;
      savedId = reply.data?.sqr_id ?? personId;
      return null;
    });
    if (!saved) return;
    const next = personSaveNextTarget({ applicationId, djlx, qllx, code: code || undefined, appointment, category: values.category });
    if (!next.ok) {
      await showAlert(SAVE_FAILED);
      return;
    }
    // Signing needs the applicant saved (part 3 §4): an unsigned one is offered 点击签字 right here, before the flow goes on.
    if (!signed && savedId && (await offerSigning())) {
      navigate(signHref(savedId), { replace: true });
      return;
    }
    if (signed) await showAlert(SAVED);
    navigate(routeHref(next.target), { replace: true });
  }

  const signHref = (userid: string) => href(paths.userSign, { userid, slsqId: applicationId, djlx, qllx });

  async function sign() {
    const problem = validateSigning({ applicantId: personId });
    if (problem) {
      await showAlert(problem);
      return;
    }
    navigate(signHref(personId));
  }

  const idTypes: Options = isCompany ? COMPANY_ID_TYPES : PERSONAL_ID_TYPES;
  return (
    <>
      <FormCard header="基本信息" className="hall-person__card">
        <Row label="类别">
          <Selector aria-label="类别" options={optionsOf(APPLICANT_CATEGORIES)} value={[values.category]} onChange={(chosen) => chosen[0] && setCategory(chosen[0])} />
        </Row>
        <TextRow id="person-name" label={isCompany ? '公司名称' : '姓名'} required value={values.name} onChange={(name) => change({ name })} maxLength={100} />
        <TextRow id="person-phone" label="联系电话" required type="tel" value={values.phone} onChange={(phone) => change({ phone })} maxLength={20} />
        <Row label="证件类型" required>
          <Selector aria-label="证件类型" columns={3} options={optionsOf(idTypes)} value={[values.idType]} onChange={(chosen) => chosen[0] && change({ idType: chosen[0] })} />
        </Row>
        <TextRow id="person-idnumber" label="证件号码" required value={values.idNumber} onChange={(idNumber) => change({ idNumber })} maxLength={50} />
        <TextRow id="person-address" label="联系地址" required={!isCompany} value={values.address} onChange={(address) => change({ address })} maxLength={200} />
        <Row label="是否持证人">
          <Selector aria-label="是否持证人" options={HOLDER_OPTIONS} value={[values.holder]} onChange={(chosen) => chosen[0] && change({ holder: chosen[0] })} />
        </Row>
        <Row label="共有方式">
          <Selector aria-label="共有方式" columns={2} options={optionsOf(SHARING_MODES)} value={[values.sharingMode]} onChange={(chosen) => chosen[0] && change({ sharingMode: chosen[0] })} />
        </Row>
        {values.sharingMode !== '0' ? (
          <TextRow id="person-share" label="共有份额(%)" placeholder={`0到${SHARE_MAX}`} inputMode="decimal" value={values.share} onChange={(share) => change({ share })} maxLength={6} />
        ) : null}
      </FormCard>
      <FormCard header="代理人信息" className="hall-person__card">
        <TextRow id="person-agent-name" label="代理人姓名" value={values.agentName} onChange={(agentName) => change({ agentName })} maxLength={50} />
        <Row label="证件类型">
          <Selector
            aria-label="代理人证件类型"
            columns={3}
            options={optionsOf(PERSONAL_ID_TYPES)}
            value={[values.agentIdType]}
            onChange={(chosen) => chosen[0] && change({ agentIdType: chosen[0] })}
          />
        </Row>
        <TextRow id="person-agent-idnumber" label="证件号码" value={values.agentIdNumber} onChange={(agentIdNumber) => change({ agentIdNumber })} maxLength={50} />
        <TextRow id="person-agent-phone" label="联系电话" type="tel" value={values.agentPhone} onChange={(agentPhone) => change({ agentPhone })} maxLength={20} />
      </FormCard>
      {isCompany ? (
        <FormCard header="法定代表人信息" className="hall-person__card">
          <TextRow id="person-rep-name" label="法定代表人" value={values.repName} onChange={(repName) => change({ repName })} maxLength={50} />
          <Row label="证件类型">
            <Selector
              aria-label="法定代表人证件类型"
              columns={3}
              options={optionsOf(PERSONAL_ID_TYPES)}
              value={[values.repIdType]}
              onChange={(chosen) => chosen[0] && change({ repIdType: chosen[0] })}
            />
          </Row>
          <TextRow id="person-rep-idnumber" label="证件号码" value={values.repIdNumber} onChange={(repIdNumber) => change({ repIdNumber })} maxLength={50} />
          <TextRow id="person-rep-phone" label="联系电话" type="tel" value={values.repPhone} onChange={(repPhone) => change({ repPhone })} maxLength={20} />
        </FormCard>
      ) : null}
      <SaveActions
        busy={busy}
        onSave={() => void save()}
        onBack={back}
        afterSave={
          <Button block color="primary" fill="outline" disabled={signed} onClick={() => void sign()}>
            {signed ? '已签字' : SIGN}
          </Button>
        }
      />
    </>
  );
}

function Label({ text, required }: { text: string; required?: boolean | undefined }) {
  return (
    <>
      {required ? (
        <span className="hall-info-fill__star" aria-hidden="true">
          *
        </span>
      ) : null}
      {text}
    </>
  );
}

function Row({ label, required, children }: { label: string; required?: boolean; children: ReactNode }) {
  return (
    <List.Item className="hall-person__choice" title={<Label text={label} required={required} />}>
      {children}
    </List.Item>
  );
}

interface TextRowProps {
  id: string;
  label: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  type?: string;
  inputMode?: 'decimal' | 'tel';
  placeholder?: string;
}

function TextRow({ id, label, required, value, onChange, maxLength, type, inputMode, placeholder }: TextRowProps) {
  return (
    <List.Item
      prefix={
        <label htmlFor={id}>
          <Label text={label} required={required} />
        </label>
      }
    >
      <Input
        id={id}
        type={type}
        inputMode={inputMode}
        aria-required={required || undefined}
        placeholder={placeholder ?? `请输入${label}`}
        value={value}
        onChange={onChange}
        maxLength={maxLength}
        clearable
      />
    </List.Item>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { PersonPage as Component };
