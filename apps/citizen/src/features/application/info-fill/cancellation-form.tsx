import { stateOk, type ApplicationDetail } from '@hall/api/browser';
import { SAVE_TYPE_CANCELLATION, validateCancellation } from '@hall/domain';
import { Input } from '@hall/ui';
import { Button, List, TextArea } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { api } from '../../../lib/api';
import { useSession } from '../../../stores/session';
import type { FillQuery } from './fill-layout';
import { useFormDraft } from './form-draft';
import { useFormSave } from './form-save';

export const CANCELLATION_SAVE_FAILED = '保存数据失败';

/**
 * The cancellation screen's fields (infofillzxdj): certificate number (required), reason and remark.
 * 下一步 saves them as the cancellation record (savetype 4); state 1 goes on to the upload.
 */
export function CancellationForm({ detail, query, uploadHref }: { detail: ApplicationDetail; query: FillQuery; uploadHref: string }) {
  const saved = detail.qlxxInfo.find((record) => record.savetype === SAVE_TYPE_CANCELLATION);
  const [values, change, clearDraft] = useFormDraft(`hall:cancellation-draft:${query.applicationId}`, {
    BDCZMH: saved?.BDCZMH ?? '',
    ZXYY: saved?.ZXYY ?? '',
    ZXFJ: saved?.ZXFJ ?? '',
  });
  const { busy, save: send } = useFormSave('提交中', clearDraft);
  const user = useSession((s) => s.user);
  const navigate = useNavigate();

  async function save() {
    const saved = await send(validateCancellation({ certificateNumber: values.BDCZMH }), async () => {
      const reply = await api.addQlxxInfo({
        openid: user?.openid ?? '',
        proinstid: query.applicationId,
        savetype: SAVE_TYPE_CANCELLATION,
        reqData: { ZXDJ: { BDCZMH: values.BDCZMH.trim(), ZXYY: values.ZXYY, ZXFJ: values.ZXFJ }, sqrxm: user?.name ?? '', code: query.code },
      });
      return stateOk(reply) ? null : CANCELLATION_SAVE_FAILED;
    });
    if (saved) navigate(uploadHref);
  }

  return (
    <>
      <FormCard header="注销登记信息" className="hall-info-fill__form">
        <List.Item
          prefix={
            <label htmlFor="zx-bdczmh">
              <span className="hall-info-fill__star" aria-hidden="true">
                *
              </span>
              不动产权证号
            </label>
          }
        >
          <Input id="zx-bdczmh" aria-required="true" placeholder="请输入不动产权证号" value={values.BDCZMH} onChange={(BDCZMH) => change({ BDCZMH })} maxLength={100} clearable />
        </List.Item>
        <List.Item prefix={<label htmlFor="zx-zxyy">注销原因</label>}>
          <TextArea id="zx-zxyy" placeholder="请输入注销原因" value={values.ZXYY} onChange={(ZXYY) => change({ ZXYY })} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </List.Item>
        <List.Item prefix={<label htmlFor="zx-zxfj">注销附记</label>}>
          <TextArea id="zx-zxfj" placeholder="请输入注销附记" value={values.ZXFJ} onChange={(ZXFJ) => change({ ZXFJ })} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </List.Item>
      </FormCard>
      <div className="hall-info-fill__footer">
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void save()}>
          下一步
        </Button>
      </div>
    </>
  );
}
