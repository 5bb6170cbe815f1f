import { errcodeOk, stateOk } from '@hall/api/browser';
import type { CallOutput } from '@hall/api/browser';
import { MAP_ZOOM } from '@hall/domain';
import { EmptyState, FieldList } from '@hall/ui';
import { Button, Popup } from 'antd-mobile';
import { EnvironmentOutline, PhoneFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import '../../components/item-card.css';
import { api } from '../../lib/api';
import { LOAD_FAILED_TRY_LATER, useRemote } from '@hall/app';
import { TileMap } from './tile-map';
import { SitePlan } from './site-plan';
import './sites.css';

type Site = NonNullable<CallOutput<'serviceSites'>['data']>[number];

/** What a missing address, work time or phone shows (spec part 3 §2.18). */
export const NOT_AVAILABLE = '暂无';

function coordinates(site: Site): { lat: number; lng: number } | null {
  const lat = Number.parseFloat(site.lat);
  const lng = Number.parseFloat(site.lng);
  return Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0) ? { lat, lng } : null;
}

/**
 * /fwwd (服务网点): the sites with a map at zoom 14, the sites' own plan where no map provider answers;
 * a tap shows a site's details and a call button (spec part 3 §2.18).
 */
export function SiteListPage() {
  const sites = useRemote(async () => {
    const reply = await api.serviceSites({});
    if (!stateOk(reply)) throw new Error(reply.msg || reply.errmsg || LOAD_FAILED_TRY_LATER);
    return reply.data ?? [];
  }, []);
  // The map works without its provider: a failed configuration read is the same as none.
  const map = useRemote(async () => {
    const reply = await api.getMapConfig({});
    return errcodeOk(reply) && reply.data ? reply.data : { tileUrl: '', attribution: '', zoom: MAP_ZOOM };
  }, []);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [detail, setDetail] = useState<Site | null>(null);

  const list = sites.data ?? [];
  const selected = list.find((site) => site.areaId === selectedId) ?? list[0];
  const point = selected ? coordinates(selected) : null;
  const placed = list.flatMap((site) => {
    const at = coordinates(site);
    return at ? [{ id: site.areaId, name: site.areaName, ...at }] : [];
  });

  function open(site: Site) {
    setSelectedId(site.areaId);
    setDetail(site);
  }

  return (
    <HallPage title="服务网点" className="hall-sites">
      <RemoteList remote={sites} empty={<EmptyState description="暂无服务网点" fullPage />}>
        {() => (
          <>
            <section className="hall-sites__map-card" aria-label="网点地图">
              {point && selected ? (
                <TileMap
                  tileUrl={map.data?.tileUrl ?? ''}
                  attribution={map.data?.attribution ?? ''}
                  zoom={map.data?.zoom ?? MAP_ZOOM}
                  lat={point.lat}
                  lng={point.lng}
                  label={selected.areaName}
                  fallback={(note) => <SitePlan centre={{ id: selected.areaId, name: selected.areaName, ...point }} sites={placed} zoom={map.data?.zoom ?? MAP_ZOOM} note={note} />}
                />
              ) : (
                <div className="hall-sites__map is-empty" role="note">
                  <p>该网点暂无位置信息</p>
                </div>
              )}
              {selected ? <p className="hall-sites__map-caption">当前显示：{selected.areaName}</p> : null}
            </section>
            <ul className="hall-sites__list" aria-label="服务网点列表">
              {list.map((site) => (
                <li key={site.areaId}>
                  <button type="button" className={`hall-item-card hall-sites__item${site === selected ? ' is-selected' : ''}`} onClick={() => open(site)}>
                    <EnvironmentOutline className="hall-sites__icon" aria-hidden />
                    <span className="hall-sites__body">
                      <strong className="hall-sites__name">{site.areaName}</strong>
                      <span className="hall-sites__line">地址：{site.address || NOT_AVAILABLE}</span>
                      <span className="hall-sites__line">办公时间：{site.worktime || NOT_AVAILABLE}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </RemoteList>
      <Popup visible={detail !== null} onMaskClick={() => setDetail(null)} onClose={() => setDetail(null)} bodyClassName="hall-sites__popup" showCloseButton>
        {detail ? (
          <div role="dialog" aria-label={detail.areaName}>
            <h2 className="hall-sites__popup-title">{detail.areaName}</h2>
            <FieldList
              layout="rows"
              className="hall-sites__fields"
              fields={[
                ['地址', detail.address || NOT_AVAILABLE],
                ['办公时间', detail.worktime || NOT_AVAILABLE],
                ['联系电话', detail.phone || NOT_AVAILABLE],
              ]}
            />
            {detail.phone ? (
              <a className="adm-button adm-button-primary adm-button-block adm-button-large hall-sites__call" href={`tel:${detail.phone.replace(/[^\d+]/g, '')}`}>
                <PhoneFill aria-hidden /> 拨打电话
              </a>
            ) : (
              <Button block size="large" disabled>
                暂无联系电话
              </Button>
            )}
          </div>
        ) : null}
      </Popup>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { SiteListPage as Component };
