import { errcodeOk, replyMessage, type HallClient } from '@hall/api/browser';
import { ARCHIVE_QUERY_MESSAGES, ARCHIVE_QUERY_TITLES, archiveDetailHref, canOpenArchiveDetail } from '@hall/domain';
import { EmptyState, FieldList, RecordState } from '@hall/ui';
import { Button, Popup, SearchBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RatingEntry } from '../../components/rating-entry';
import { PullRemoteList, refreshAction } from '../../components/remote-view';
import '../../components/item-card.css';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { LOAD_FAILED_TRY_LATER, useRemote } from '@hall/app';
import { useRatingStates } from '../../lib/use-rating-states';
import { useSession } from '../../stores/session';
import './archive-query.css';

type ArchiveRecord = NonNullable<Awaited<ReturnType<HallClient['querycertrecord']>>['data']>[number];

async function loadRecords(openid: string, code: string): Promise<ArchiveRecord[]> {
  const reply = await api.getCertRecord({ openid, ...(code ? { code } : {}) });
  if (!errcodeOk(reply)) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data?.data ?? [];
}

/**
 * /querycertrecord (证明申请记录, spec part 3 §2.8): the citizen's archive requests, searchable by
 * acceptance number, refreshed from the header; 已返回 (20, 21) or 未返回; a tap shows the details
 * in a popup, and a returned one opens its certificate (/CatchCert_yhxz in district 140200, else /CatchCert_new).
 */
export function ArchiveRecordsPage() {
  const user = useSession((s) => s.user);
  const openid = user?.openid ?? '';
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const records = useRemote(() => loadRecords(openid, code), [openid, code]);
  const [open, setOpen] = useState<ArchiveRecord | null>(null);
  const ratings = useRatingStates('query', records.data, (record) => record.certId);

  return (
    <HallPage title={ARCHIVE_QUERY_TITLES.records} backTo={paths.querycert} className="hall-archive" action={refreshAction(records)}>
      <div className="hall-archive__search">
        <SearchBar placeholder="请输入申请单号" onSearch={(value) => setCode(value.trim())} onClear={() => setCode('')} aria-label="申请单号" />
      </div>
      <PullRemoteList
        remote={records}
        empty={
          <EmptyState description={ARCHIVE_QUERY_MESSAGES.empty} fullPage>
            {code ? null : (
              <Button color="primary" size="small" onClick={() => navigate(paths.querycert)}>
                去申请
              </Button>
            )}
          </EmptyState>
        }
      >
        {(list) => (
          <ul className="hall-archive__list" aria-label={ARCHIVE_QUERY_TITLES.records}>
            {list.map((record) => (
              <li key={record.certId}>
                <button type="button" className="hall-item-card hall-archive__item" onClick={() => setOpen(record)}>
                  <FieldList
                    layout="rows"
                    className="hall-archive__rows"
                    fields={[
                      ['申请单号', record.sqdh],
                      ['申请时间', record.searchtime],
                    ]}
                  />
                  <RecordState state={record.state} variant="archive" />
                  <RightOutline className="hall-archive__arrow" aria-hidden />
                </button>
                <RatingEntry kind="query" serviceId={record.certId} state={ratings.get(record.certId)} />
              </li>
            ))}
          </ul>
        )}
      </PullRemoteList>
      <Popup visible={open !== null} onMaskClick={() => setOpen(null)} onClose={() => setOpen(null)} bodyClassName="hall-archive__popup" aria-label="申请详情">
        {open ? (
          <>
            <h2 className="hall-archive__popup-title">申请详情</h2>
            <FieldList
              layout="rows"
              className="hall-archive__rows hall-archive__rows--popup"
              fields={[
                ['申请单号', open.sqdh],
                ['申请人', open.qlrname],
                ['申请时间', open.searchtime],
                ['状态', <RecordState key="state" state={open.state} variant="archive" />],
                ['查询结果', canOpenArchiveDetail(open.state) ? open.state_msg : '登记机构正在查询，请稍后刷新查看'],
              ]}
            />
            <div className="hall-archive__actions">
              <Button block color="primary" size="large" disabled={!canOpenArchiveDetail(open.state)} onClick={() => navigate(archiveDetailHref(user?.XZQDM, open.certId, openid))}>
                查看证明
              </Button>
              <Button block fill="outline" size="large" className="hall-archive__secondary" onClick={() => setOpen(null)}>
                关闭
              </Button>
            </div>
          </>
        ) : null}
      </Popup>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ArchiveRecordsPage as Component };
