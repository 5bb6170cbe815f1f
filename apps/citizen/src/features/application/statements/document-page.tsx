import { errcodeOk, stateOk, type GuaranteePreview } from '@hall/api/browser';
import {
  INQUIRY_RECORD_PATH,
  RIGHTS_STATEMENTS_PATH,
  STATEMENT_DOCUMENT_TITLES,
  STATEMENT_MESSAGES,
  STATEMENT_PREVIEW_PATHS,
  isChangeOfHolderCase,
  pickStatementTemplate,
  type StatementDocument,
} from '@hall/domain';
import { EmptyState, showAlert } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { HallPage } from '../../../components/hall-page';
import { href } from '../../../config/paths';
import { api } from '../../../lib/api';
import { APPLICATION_NOT_FOUND, NETWORK_ERROR, useRemote, readableMessage, submitWithFeedback } from '@hall/app';
import { useSession } from '../../../stores/session';
import { buildDocument, type DocumentModel } from './document-model';
import { renderDocumentPng } from './document-png';
import { DocumentView } from './document-view';
import { guaranteeQueryOf, statementQueryOf } from './statement-query';
import { RemoteView } from '../../../components/remote-view';
import { loadCaseStatements, signDataOf, type CaseStatements } from './statement-data';
import './statements.css';
import { PREVIEW_BUTTON_DELAY_MS } from '@hall/ui/constants';

const ALERT_TITLE = '提示';

/** The document a route shows; the inquiry-record screen shows the change inquiry of an 800+4 case. */
function documentOf(pathname: string, djlx: string, qllx: string): StatementDocument | null {
  const path = pathname.toLowerCase();
  if (path === INQUIRY_RECORD_PATH.toLowerCase()) return isChangeOfHolderCase(djlx, qllx) ? 'changeInquiry' : 'inquiry';
  const found = (Object.entries(STATEMENT_PREVIEW_PATHS) as [StatementDocument, string][]).find(([, route]) => route.toLowerCase() === path);
  return found ? found[0] : null;
}

/**
 * The rendered statements (spec part 3 §2.13–§2.15): /info/InfoFillJjsxx (the undertaking letter as
 * the guarantee preview), /info/InfoFillJcWxjlxx (inquiry record), /info/InfoFillcqzmssm (description),
 * /info/InfoFillcqzwxjl (change inquiry record) and the inquiry-record screen
 * /info/InfoFillJcinfoAskRecord. After 2 s a button turns the document into a picture and uploads
 * it to the case's template; 上传成功, then back to the rights-information screen.
 */
export function DocumentPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const applicationId = params.get('slsqId') ?? params.get('id') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');

  const remote = useRemote(async () => {
    const data = await loadCaseStatements(openid, applicationId);
    const document = documentOf(pathname, data.detail.proinst.djlx, data.detail.proinst.qllx);
    // Statements given in the query (jjsdata, compactinfo1, wxjldata, changecqzInfo) are shown over the saved ones.
    const given = statementQueryOf(params);
    for (const kind of ['jusInfo', 'recordInfo', 'changecqzInfo'] as const) {
      const fields = given[kind];
      if (fields) data.bundle[kind] = { ...data.bundle[kind], ...fields };
    }
    let guarantee: GuaranteePreview | undefined;
    if (document === 'undertaking') {
      // The guarantee preview may come in the query (htinfo); else it is the case's own.
      const preview = guaranteeQueryOf(params);
      if (preview) guarantee = preview;
      else {
        const reply = await api.htpreviewWx({ openid, proinstid: applicationId });
        if (!stateOk(reply)) throw new Error(reply.msg || reply.errmsg || NETWORK_ERROR);
        guarantee = reply.data;
      }
    }
    return { data, document, guarantee };
  }, [openid, applicationId, pathname, params]);

  const document = remote.data?.document;
  const title = document ? STATEMENT_DOCUMENT_TITLES[document] : '文书预览';
  return (
    <HallPage title={title} className="hall-statement">
      <RemoteView remote={remote} notFound={APPLICATION_NOT_FOUND}>
        {(loaded) => (loaded.document ? <DocumentScreen document={loaded.document} data={loaded.data} guarantee={loaded.guarantee} /> : <EmptyState description="页面不存在" fullPage />)}
      </RemoteView>
    </HallPage>
  );
}

interface DocumentScreenProps {
  document: StatementDocument;
  data: CaseStatements;
  guarantee: GuaranteePreview | undefined;
}

function DocumentScreen({ document, data, guarantee }: DocumentScreenProps) {
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const { proinst } = data.detail;
  const model: DocumentModel = buildDocument(document, {
    bundle: data.bundle,
    signatures: data.signatures,
    guarantee,
    applicantNames: data.detail.sqrs.map((person) => person.sqr_name),
  });
  const statementsHref = href(RIGHTS_STATEMENTS_PATH, { slsqId: proinst.id, djlx: proinst.djlx, qllx: proinst.qllx, signData: signDataOf(data.signatures) });

  // The save button appears once the document has been on screen for 2 s (part 3 §2.14, §9).
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), PREVIEW_BUTTON_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  async function upload() {
    const template = pickStatementTemplate(data.templates, document);
    if (!template) {
      await showAlert(STATEMENT_MESSAGES.noTemplate, { title: ALERT_TITLE });
      return;
    }
    setBusy(true);
    const uploaded = await submitWithFeedback(
      async () => {
        const base64 = await renderDocumentPng(model);
        const reply = await api.savePicFromWXServer({
          openid,
          datuminstId: template.id,
          base64,
          typ: 'jpg',
          ysr: model.signers[0]?.name ?? '',
          addgsgg: 'true',
        });
        return errcodeOk(reply) ? null : reply.errmsg || '上传失败，请稍后重试';
      },
      // Drawing the page may fail with a message of its own; anything else is the network's.
      { loading: '加载中', networkFailure: (error) => readableMessage(error), onSettled: () => setBusy(false) },
    );
    if (!uploaded) return;
    await showAlert(STATEMENT_MESSAGES.uploaded, { title: ALERT_TITLE });
    navigate(statementsHref);
  }

  return (
    <div className="hall-statement__body">
      <DocumentView model={model} />
      <div className="hall-statement__actions">
        <Button block size="large" onClick={() => navigate(statementsHref)}>
          修改内容
        </Button>
        {ready ? (
          <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void upload()}>
            保存图片并上传
          </Button>
        ) : (
          <p className="hall-statement__wait" role="status">
            请核对文书内容，稍后可保存上传
          </p>
        )}
      </div>
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { DocumentPage as Component };
