import { errcodeOk, NO_DATA_MESSAGE, SessionLostError, type ProgressResult } from '@hall/api/browser';
import { EmptyState, Input, showToast } from '@hall/ui';
import { Button } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { HallPage, LoadingState } from '../../components/hall-page';
import { api } from '../../lib/api';
import { NETWORK_ERROR } from '@hall/app';
import { useSession } from '../../stores/session';
import './progress.css';

type Outcome = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; result: ProgressResult } | { kind: 'notFound'; message: string } | { kind: 'error'; message: string };

/** The spec's empty result text, under the server's 查询无数据. */
const NOT_FOUND_HINT = '没有查到结果，请核对申请编号';

const RESULT_ROWS: readonly [label: string, field: keyof ProgressResult][] = [
  ['业务编号', 'serialNumber'],
  ['项目名称', 'name'],
  ['登记类型', 'processName'],
  ['受理时间', 'actStart'],
  ['办理进度', 'activityName'],
];

/** /progressQuery: the progress of a case by its acceptance number, letter case as written. */
export function ProgressQueryPage() {
  const openid = useSession((s) => s.user?.openid ?? '');
  // The 受理回执's QR code opens this page with its number (?appPlosh=): the search runs at once.
  const fromReceipt = useSearchParams()[0].get('appPlosh')?.trim() ?? '';
  const [number, setNumber] = useState(fromReceipt);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  useEffect(() => {
    if (fromReceipt && openid) void search(fromReceipt);
    // Once per number the page is opened with, when the session is there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromReceipt, openid]);

  async function search(given = number) {
    // Only surrounding spaces go: the number's letter case matters.
    const appPlosh = given.trim();
    if (!appPlosh) {
      showToast('请输入申请编号');
      return;
    }
    setOutcome({ kind: 'loading' });
    try {
      const reply = await api.querySearch({ openid, appPlosh });
      const result = errcodeOk(reply) ? reply.data?.[0] : undefined;
      setOutcome(result ? { kind: 'found', result } : { kind: 'notFound', message: reply.errmsg || NO_DATA_MESSAGE });
    } catch (error) {
      if (error instanceof SessionLostError) return;
      setOutcome({ kind: 'error', message: NETWORK_ERROR });
    }
  }

  return (
    <HallPage title="进度查询" className="hall-progress">
      <form
        className="hall-card hall-progress__form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <label htmlFor="progress-number" className="hall-card__title">
          申请编号
        </label>
        <div className="hall-progress__field">
          <Input
            id="progress-number"
            className="hall-progress__input"
            placeholder="请输入申请编号"
            value={number}
            onChange={setNumber}
            clearable
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby="progress-note"
          />
          <button type="submit" className="hall-progress__search" aria-label="查询">
            <SearchOutline aria-hidden />
          </button>
        </div>
        <p id="progress-note" className="hall-note hall-progress__note">
          申请编号区分大小写
        </p>
      </form>

      {outcome.kind === 'loading' ? (
        <LoadingState />
      ) : outcome.kind === 'found' ? (
        <section className="hall-card hall-progress__result" aria-labelledby="progress-result">
          <h2 id="progress-result" className="hall-card__title">
            查询结果
          </h2>
          <dl className="hall-progress__rows">
            {RESULT_ROWS.map(([label, field]) => (
              <div key={field} className="hall-progress__row">
                <dt>{label}</dt>
                <dd className={field === 'activityName' ? 'hall-progress__stage' : undefined}>{outcome.result[field]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : outcome.kind === 'notFound' ? (
        <div role="status">
          <EmptyState description={outcome.message} hint={NOT_FOUND_HINT} />
        </div>
      ) : outcome.kind === 'error' ? (
        <div role="alert">
          <EmptyState description={outcome.message}>
            <Button color="primary" size="small" onClick={() => void search()}>
              重新查询
            </Button>
          </EmptyState>
        </div>
      ) : (
        <p className="hall-progress__idle">输入受理回执上的申请编号，点击右侧搜索图标查询办理进度。</p>
      )}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ProgressQueryPage as Component };
