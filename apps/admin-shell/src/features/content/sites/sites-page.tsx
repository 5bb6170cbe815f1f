import { SITE_ADDRESS_MAX_LENGTH, SITE_WORKTIME_MAX_LENGTH, type ServiceSiteDetails } from '@hall/api/browser';
import { Button, Form } from 'antd-mobile';
import { Input } from '@hall/ui';
import { useState } from 'react';
import { api } from '../../../lib/hall';
import { dataOrThrow } from '../shared/content-api';
import { ContentSheet, SheetForm } from '../shared/content-sheet';
import '../shared/content-forms.css';
import { ConsolePage } from '../../../components/console-page';
import { useConsoleRemote } from '../../../lib/use-console-remote';

type SiteValues = Omit<ServiceSiteDetails, 'id' | 'areaName' | 'xzqdm'>;

function SiteForm({ site, onSaved, onCancel }: { site: ServiceSiteDetails; onSaved: () => void; onCancel: () => void }) {
  return (
    <SheetForm
      title={`编辑网点：${site.areaName}`}
      initialValues={{ address: site.address, worktime: site.worktime, phone: site.phone, lat: site.lat, lng: site.lng }}
      save={(values: SiteValues) =>
        api.saveConsoleSite({ id: site.id, address: values.address ?? '', worktime: values.worktime ?? '', phone: values.phone ?? '', lat: values.lat ?? '', lng: values.lng ?? '' })
      }
      onSaved={onSaved}
      onCancel={onCancel}
    >
      <Form.Item name="address" label="地址">
        <Input maxLength={SITE_ADDRESS_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="worktime" label="办公时间" description="如：周一至周五 9:00-12:00 13:30-17:30">
        <Input maxLength={SITE_WORKTIME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="phone" label="电话">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="lat" label="纬度" description="地图上的位置：纬度与经度同时填写小数（如 36.6253、114.5391），或都不填">
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      <Form.Item name="lng" label="经度">
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
    </SheetForm>
  );
}

/** 服务网点: the address, hours, phone and map position citizens see of each site (docs/architecture.md §6). */
export function SitesPage() {
  const loaded = useConsoleRemote(async () => dataOrThrow(await api.listConsoleSites({})).items, []);
  const [editing, setEditing] = useState<ServiceSiteDetails | null>(null);
  const items = (!loaded.loading && loaded.data) || null;
  return (
    <ConsolePage className="content-page" title="服务网点" loaded={loaded}>
      {items && (
        <ul className="console-list" aria-label="服务网点">
          {items.map((site) => (
            <li key={site.id} className="content-card">
              <div className="content-card__body">
                <span className="console-item__title">{site.areaName}</span>
                <span className="content-card__line">地址：{site.address || '暂无'}</span>
                <span className="content-card__line">办公时间：{site.worktime || '暂无'}</span>
                <span className="content-card__line">电话：{site.phone || '暂无'}</span>
                <span className="content-card__line">坐标：{site.lat && site.lng ? `${site.lat}, ${site.lng}` : '未设置（地图上不显示）'}</span>
                <div className="content-card__actions">
                  <Button size="mini" onClick={() => setEditing(site)}>
                    编辑
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ContentSheet editing={editing} close={() => setEditing(null)} reload={loaded.reload} render={(site, saved) => <SiteForm site={site} onCancel={() => setEditing(null)} onSaved={saved} />} />
    </ConsolePage>
  );
}
export { SitesPage as Component };
