import { errcodeOk, replyMessage } from '@hall/api/browser';
import { ARCHIVE_QUERY_TITLES } from '@hall/domain';
import { OPAQUE_VIEWER_MASK } from '@hall/ui';
import { Button, ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { dataOf, LOAD_FAILED_TRY_LATER, submitWithFeedback, useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import './archive-query.css';

/**
 * /CatchCert_new and /CatchCert_yhxz (district 140200), also /catchcert (spec part 3 §2.8): the
 * certificate of a returned archive request (query certId, openid) as a picture; a tap opens it
 * full screen; back returns to /querycertrecord. The PDF opens in the PDF viewer.
 */
export function ArchiveCertificatePage() {
  const [params] = useSearchParams();
  const certId = params.get('certId') ?? '';
  if (!certId) return <Navigate to={paths.querycertrecord} replace />;
  return <Certificate key={certId} certId={certId} />;
}

function Certificate({ certId }: { certId: string }) {
  const openid = useSession((s) => s.user?.openid ?? '');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const image = useRemote(async () => dataOf(await api.getCatchCert({ cerId: certId, ismobel: 'true', openid })).imagedata, [certId, openid]);
  const [viewing, setViewing] = useState(false);
  const districtPage = pathname.toLowerCase() === paths.catchCertYhxz.toLowerCase();
  const records = href(paths.querycertrecord, { openid });

  async function openPdf() {
    let path = '';
    const ok = await submitWithFeedback(async () => {
      const reply = await api.createpdf({ certId, openid });
      if (!errcodeOk(reply) || !reply.data) return replyMessage(reply);
      path = reply.data.path;
      return null;
    });
    if (ok) navigate(href(paths.pdfView, { PDFurl: path }));
  }

  return (
    <HallPage title={ARCHIVE_QUERY_TITLES.certificate} backTo={records} className="hall-archive">
      {image.loading && !image.data ? (
        <LoadingState />
      ) : image.error || !image.data ? (
        <ErrorState message={image.error ?? LOAD_FAILED_TRY_LATER} onRetry={() => void image.reload()} />
      ) : (
        <>
          {districtPage ? <p className="hall-archive__note">请凭申请单号到不动产登记中心窗口核验本证明。</p> : null}
          <button type="button" className="hall-archive__certificate" onClick={() => setViewing(true)} aria-label="点击查看大图">
            <img src={image.data} alt={ARCHIVE_QUERY_TITLES.certificate} />
          </button>
          <p className="hall-archive__hint">点击图片可全屏查看</p>
          <div className="hall-archive__actions">
            <Button block color="primary" size="large" onClick={() => void openPdf()}>
              查看PDF
            </Button>
            <Button block fill="outline" size="large" className="hall-archive__secondary" onClick={() => navigate(records)}>
              返回申请记录
            </Button>
          </div>
          <ImageViewer
            image={image.data}
            visible={viewing}
            onClose={() => setViewing(false)}
            classNames={{ mask: OPAQUE_VIEWER_MASK }}
            mask={{ onClick: () => setViewing(false) }}
            renderFooter={() => (
              <div className="hall-archive__viewer-footer">
                <Button size="small" fill="outline" onClick={() => setViewing(false)}>
                  关闭
                </Button>
              </div>
            )}
          />
        </>
      )}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ArchiveCertificatePage as Component };
