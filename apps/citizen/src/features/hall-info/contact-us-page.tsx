import { QR_IMAGE_SIZE_PX } from '@hall/ui/constants';
import { EmptyState } from '@hall/ui';
import { ScanCodeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { dataOf, useRemote } from '@hall/app';
import './hall-info.css';

/** The hall's QR code, served with its public files. */
const QR_IMAGE = '/online/public/hall-qrcode.svg';

interface ContactLine {
  label: string;
  value: string;
}

/** The contact string is comma-separated lines; a line "地址：…" splits into its label and value. */
function contactLines(text: string): ContactLine[] {
  return text
    .split(/[,，]/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^([^：:]{1,8})[：:]\s*(.+)$/.exec(line);
      return match ? { label: match[1]!, value: match[2]! } : { label: '', value: line };
    });
}

function telHref(value: string): string | null {
  const number = value.replace(/[^\d-]/g, '');
  return /\d{5,}/.test(number.replace(/-/g, '')) ? `tel:${number}` : null;
}

/** /ContactUs?slsqId: the hall's contact lines and its QR code. */
export function ContactUsPage() {
  const slsqId = useSearchParams()[0].get('slsqId') ?? undefined;
  const contact = useRemote(async () => contactLines(dataOf(await api.getContactUs({ slsqId }))), [slsqId]);
  const [qrMissing, setQrMissing] = useState(false);

  return (
    <HallPage title="联系我们" backTo={paths.my} className="hall-info">
      <RemoteList remote={contact} empty={<EmptyState description="暂无联系方式" fullPage />}>
        {(lines) => (
          <>
            <section className="hall-card" aria-labelledby="contact-title">
              <h2 id="contact-title" className="hall-card__title">
                不动产登记中心
              </h2>
              <ul className="hall-info__lines">
                {lines.map((line, index) => {
                  const tel = /电话|热线/.test(line.label) ? telHref(line.value) : null;
                  return (
                    <li key={index} className="hall-info__line">
                      {line.label ? <span className="hall-info__label">{line.label}</span> : null}
                      {tel ? (
                        <a className="hall-info__value hall-info__tel" href={tel}>
                          {line.value}
                        </a>
                      ) : (
                        <span className="hall-info__value">{line.value}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
            <section className="hall-card hall-info__qr" aria-label="二维码">
              {qrMissing ? (
                <span className="hall-info__qr-placeholder" style={{ width: QR_IMAGE_SIZE_PX, height: QR_IMAGE_SIZE_PX }} aria-hidden>
                  <ScanCodeOutline />
                </span>
              ) : (
                <img src={QR_IMAGE} width={QR_IMAGE_SIZE_PX} height={QR_IMAGE_SIZE_PX} alt="网上办事大厅二维码" onError={() => setQrMissing(true)} />
              )}
              <p className="hall-note">扫描二维码，随时进入网上办事大厅</p>
            </section>
          </>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ContactUsPage as Component };
