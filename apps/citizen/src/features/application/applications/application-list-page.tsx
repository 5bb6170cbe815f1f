import { applicationReceiptPath, errcodeOk, type ApplicationSummary } from '@hall/api/browser';
import {
  REVIEW_ACTION_LABELS,
  REVIEW_OPINION_PLACEHOLDER,
  REVIEW_STATUS,
  REVIEW_TABS,
  applicationNumberText,
  detailTarget,
  isRejectionOpinionCollapsed,
  isSubmittableFromList,
  listEditTarget,
  rejectionOpinionText,
  reviewBookingAction,
  reviewListActions,
  reviewTabFromItemIndex,
  reviewTabInfo,
  routeHref,
  type ReviewListAction,
  type ReviewTab,
} from '@hall/domain';
import { EmptyState, TabStrip, showConfirm } from '@hall/ui';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../../components/hall-page';
import { api } from '../../../lib/api';
import { href, paths } from '../../../config/paths';
import { useRemote, submitWithFeedback } from '@hall/app';
import { applicationLists, appointmentFilter } from '../../../lib/application-lists';
import { useSession } from '../../../stores/session';
import { ApplicationCardRow } from '../../../components/application-card';
import { ActionSheet } from '../../../components/action-sheet';
import { RatingEntry } from '../../../components/rating-entry';
import { useRatingStates } from '../../../lib/use-rating-states';
import './applications.css';

export const EMPTY_LIST = '没有查到任何相关结果，请核对确认申请单号';
export const CONFIRM_DELETE = '确定执行删除操作？';
export const DELETE_FAILED = '删除申请失败！';
const TAB_ITEMS = REVIEW_TABS.map((info) => ({ key: info.tab, title: info.label }));

/**
 * 前往税务局 (district 630100 only) leaves the hall for the tax bureau with the citizen's ID number.
 * The spec names no address: this is a placeholder until the bureau's entry point is known.
 */
export const TAX_BUREAU_URL = 'https://etax.qinghai.chinatax.gov.cn/';

function taxBureauHref(idNumber: string): string {
  return `${TAX_BUREAU_URL}?${new URLSearchParams({ sfzh: idNumber }).toString()}`;
}

/**
 * /prodoing?itemIndex&yytype: the citizen's applications under four tabs (未提交, 待审核, 审核通过,
 * 已驳回); tapping one opens the tab's actions (spec part 2 §2, §4, §8).
 */
export function ApplicationListPage() {
  const [params, setParams] = useSearchParams();
  const tab = reviewTabFromItemIndex(params.get('itemIndex'));
  const yytype = appointmentFilter(params.get('yytype'));
  const user = useSession((s) => s.user);
  const openid = user?.openid || params.get('openid') || '';
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<ApplicationSummary | null>(null);

  const list = useRemote(() => applicationLists(openid, yytype), [openid, yytype]);
  const items = list.data?.find((row) => row.tab === tab)?.items ?? [];
  const ratings = useRatingStates('application', list.data?.find((row) => row.tab === tab)?.items, (item) => item.id);

  const selectTab = (next: ReviewTab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('itemIndex', String(reviewTabInfo(next).index));
        return copy;
      },
      { replace: true },
    );

  async function remove(item: ApplicationSummary) {
    if (!(await showConfirm(CONFIRM_DELETE))) return;
    const deleted = await submitWithFeedback(async () => (errcodeOk(await api.deleteApply({ openid, proinstid: item.id })) ? null : DELETE_FAILED), {
      loading: '删除中',
      networkFailure: DELETE_FAILED,
    });
    if (!deleted) return;
    selectTab('notSubmitted');
    await list.reload();
  }

  function act(item: ApplicationSummary, action: ReviewListAction) {
    setChosen(null);
    switch (action.kind) {
      case 'book':
      case 'viewBookingSlip':
        window.location.href = action.href;
        return;
      case 'goToTaxBureau':
        window.location.href = taxBureauHref(action.idNumber);
        return;
      case 'viewDetails':
        navigate(routeHref(detailTarget({ applicationId: item.id, djlx: item.djlx, qllx: item.qllx, appointment: item.appointment, isSubmit: isSubmittableFromList(tab) })));
        return;
      case 'viewEdit':
        navigate(routeHref(listEditTarget({ applicationId: item.id, applicationNumber: item.slbh, djlx: item.djlx, qllx: item.qllx, appointment: item.appointment })));
        return;
      case 'delete':
        void remove(item);
        return;
      case 'withdraw':
      case 'cancel':
        return;
    }
  }

  const actions = chosen ? reviewListActions({ applicationId: chosen.id, applicationNumber: chosen.prolsh, kyy: chosen.kyy, shzt: chosen.shzt, district: chosen.xzqdm }, user?.CARDNUM ?? '') : [];
  const sheet = [
    ...actions.filter((action) => action.kind !== 'cancel').map((action) => ({ key: action.kind as string, text: action.label, danger: action.kind === 'delete' })),
    ...(chosen ? afterSubmissionActions(chosen) : []),
  ];

  function openAfterSubmission(item: ApplicationSummary, key: string) {
    setChosen(null);
    if (key === RECEIPT_ACTION.key) navigate(href(paths.pdfView, { PDFurl: applicationReceiptPath(item.id) }));
  }

  return (
    <HallPage title="我的申请" className="hall-applications">
      <TabStrip className="hall-applications__tabs" tabs={TAB_ITEMS} activeKey={tab} onChange={selectTab} />
      <div role="tabpanel" aria-label={reviewTabInfo(tab).label}>
        {list.loading && !list.data ? (
          <LoadingState />
        ) : list.error ? (
          <ErrorState message={list.error} onRetry={() => void list.reload()} />
        ) : items.length > 0 ? (
          <ul className="hall-applications__list" aria-label={`${reviewTabInfo(tab).label}的申请`}>
            {items.map((item) => (
              <li key={item.id}>
                <ApplicationItem item={item} tab={tab} onOpen={() => setChosen(item)} />
                <RatingEntry kind="application" serviceId={item.id} state={ratings.get(item.id)} className="is-under-card" />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState description={EMPTY_LIST} fullPage />
        )}
      </div>
      <ActionSheet
        visible={chosen !== null}
        actions={sheet}
        cancelText={REVIEW_ACTION_LABELS.cancel}
        onAction={(sheetAction) => {
          const action = actions.find((a) => a.kind === sheetAction.key);
          if (chosen && action) act(chosen, action);
          else if (chosen) openAfterSubmission(chosen, String(sheetAction.key));
        }}
        onClose={() => setChosen(null)}
      />
    </HallPage>
  );
}

const RECEIPT_ACTION = { key: 'receipt', text: '受理回执' };

/** What a submitted application offers besides the review's actions: its 受理回执 (好差评 is under its card, as the server allows). */
function afterSubmissionActions(item: ApplicationSummary): Array<{ key: string; text: string }> {
  const submitted = Number(item.shzt) !== REVIEW_STATUS.notSubmitted && Boolean(item.prolsh);
  return submitted ? [RECEIPT_ACTION] : [];
}

function bookingHint(item: ApplicationSummary): string | null {
  const booking = reviewBookingAction({ applicationId: item.id, applicationNumber: item.prolsh, kyy: item.kyy });
  if (booking === null) return null;
  return booking.kind === 'book' ? REVIEW_ACTION_LABELS.book : `点击${REVIEW_ACTION_LABELS.viewBookingSlip}`;
}

function ApplicationItem({ item, tab, onOpen }: { item: ApplicationSummary; tab: ReviewTab; onOpen: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const hint = bookingHint(item);
  const opinion = tab === 'rejected' ? rejectionOpinionText(item.pro_slxmsh, item.shzt) : null;
  const collapsible = opinion !== null && isRejectionOpinionCollapsed(opinion, window.innerWidth);
  const notSubmitted = tab === 'notSubmitted';
  return (
    // The whole card opens the sheet; its name is the button that keyboards and screen readers reach.
    <div className="hall-card hall-application" onClick={onOpen}>
      <div className="hall-application__head">
        <button type="button" className="hall-application__name" aria-haspopup="dialog">
          {item.name}
        </button>
        {hint ? <span className="hall-application__hint">{hint}</span> : null}
      </div>
      <ApplicationCardRow label="申请编号">{applicationNumberText(item.prolsh)}</ApplicationCardRow>
      <ApplicationCardRow label="业务类型">{item.djlx_name}</ApplicationCardRow>
      <ApplicationCardRow label="申请地点">{item.areaname}</ApplicationCardRow>
      {opinion !== null ? (
        <div className="hall-application__row hall-application__opinion">
          <span className="hall-application__label">驳回意见：</span>
          <span className={['hall-application__opinion-text', opinion === REVIEW_OPINION_PLACEHOLDER ? 'is-none' : '', collapsible && !expanded ? 'is-collapsed' : ''].join(' ')}>{opinion}</span>
          {collapsible ? (
            <button
              type="button"
              className="hall-application__toggle"
              aria-expanded={expanded}
              onClick={(event) => {
                event.stopPropagation();
                setExpanded((value) => !value);
              }}
            >
              {expanded ? '收起' : '展开'}
            </button>
          ) : null}
        </div>
      ) : null}
      <ApplicationCardRow label={notSubmitted ? '创建时间' : '提交时间'}>{notSubmitted ? item.prostart : item.tjsj}</ApplicationCardRow>
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ApplicationListPage as Component };
