import { queueCallStateText, type QueueBoardNumber, type QueueCallState } from '@hall/api/browser';
import { LOAD_FAILED, submitWithFeedback } from '@hall/app';
import { validateQueueWindow } from '@hall/domain';
import { EmptyState } from '@hall/ui/empty-state';
import { ErrorState, LoadingState } from '@hall/ui/load-state';
import { Button, Tag } from 'antd-mobile';
import { Input, showToast } from '@hall/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { FormError } from '../../components/form-submit';
import { useDesktop } from '../../lib/use-desktop';
import { loadBoard, loadCallingGroups, runCall, type CallAction } from './queue-calling-api';
import './queue-calling.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';

/** The counter's window number stays on this device between visits. */
const WINDOW_KEY = 'hall.queue.window';
/** Other counters' calls show up without a tap. */
const BOARD_REFRESH_MS = 5000;

const STATE_COLORS: Record<QueueCallState, 'default' | 'primary' | 'warning' | 'success'> = { waiting: 'default', called: 'primary', serving: 'primary', skipped: 'warning', done: 'success' };
const STATE_LABELS: Record<QueueCallState, string> = { waiting: '等待中', called: '已叫号', serving: '办理中', skipped: '已过号', done: '已办结' };

function StateTag({ item }: { item: QueueBoardNumber }) {
  return (
    <Tag color={STATE_COLORS[item.callState]} fill="outline">
      {item.callState === 'called' || item.callState === 'serving' ? queueCallStateText(item.callState, item.callWindow) : STATE_LABELS[item.callState]}
    </Tag>
  );
}

function NumberActions({ item, busy, onAction }: { item: QueueBoardNumber; busy: boolean; onAction: (action: CallAction) => void }) {
  return (
    <span className="queue-calling__number-actions">
      {(item.callState === 'called' || item.callState === 'skipped') && (
        <Button size="mini" disabled={busy} onClick={() => onAction({ kind: 'recall', id: item.id, window: 0 })}>
          重呼
        </Button>
      )}
      {item.callState === 'called' && (
        <>
          <Button size="mini" color="primary" fill="outline" disabled={busy} onClick={() => onAction({ kind: 'serve', id: item.id })}>
            开始办理
          </Button>
          <Button size="mini" color="warning" fill="outline" disabled={busy} onClick={() => onAction({ kind: 'skip', id: item.id })}>
            过号
          </Button>
        </>
      )}
      {(item.callState === 'called' || item.callState === 'serving') && (
        <Button size="mini" color="success" fill="outline" disabled={busy} onClick={() => onAction({ kind: 'finish', id: item.id })}>
          办结
        </Button>
      )}
    </span>
  );
}

function NumberRow({ item, busy, onAction }: { item: QueueBoardNumber; busy: boolean; onAction: (action: CallAction) => void }) {
  return (
    <li className="queue-calling__number">
      <span className="queue-calling__number-text">{item.number}</span>
      <StateTag item={item} />
      <span className="console-item__line">
        {item.resTime}
        {item.calledAt ? ` · ${item.calledAt} 叫号` : ''}
      </span>
      <NumberActions item={item} busy={busy} onAction={onAction} />
    </li>
  );
}

const STATE_ORDER = Object.keys(STATE_LABELS) as QueueCallState[];

/**
 * The day's numbers as a table on the desktop, by state and sorted by any column, a page at a time.
 * The board is one group's one day, read whole every few seconds: it is paged and sorted here.
 */
function NumbersTable({ label, numbers, busy, onAction }: { label: string; numbers: QueueBoardNumber[]; busy: boolean; onAction: (action: CallAction) => void }) {
  const [state, setState] = useState<QueueCallState | ''>('');
  const columns: Column<QueueBoardNumber>[] = [
    { key: 'number', title: '号码', primary: true, render: (item) => item.number, sortValue: (item) => item.number },
    { key: 'state', title: '状态', render: (item) => <StateTag item={item} />, sortValue: (item) => STATE_ORDER.indexOf(item.callState) },
    { key: 'resTime', title: '时段', render: (item) => item.resTime, sortValue: (item) => item.resTime },
    { key: 'calledAt', title: '叫号时间', render: (item) => item.calledAt || '—', sortValue: (item) => item.calledAt },
    { key: 'actions', title: '操作', render: (item) => <NumberActions item={item} busy={busy} onAction={onAction} /> },
  ];
  const shown = state ? numbers.filter((item) => item.callState === state) : numbers;
  return (
    <div className="console-section">
      <form className="console-filter queue-calling__filter" aria-label="筛选号码" onSubmit={(event) => event.preventDefault()}>
        <label>
          状态
          <select value={state} onChange={(event) => setState(event.target.value as QueueCallState | '')}>
            <option value="">全部状态</option>
            {STATE_ORDER.map((name) => (
              <option key={name} value={name}>
                {STATE_LABELS[name]}
              </option>
            ))}
          </select>
        </label>
      </form>
      {shown.length === 0 ? <EmptyState description="没有该状态的号码" /> : <DataTable label={label} columns={columns} rows={shown} rowKey={(item) => item.id} paged />}
    </div>
  );
}

/** 叫号: a group's numbers of today, called to this counter's window (docs/architecture.md §6, 窗口人员). */
export function QueueCallingPage() {
  const [params, setParams] = useSearchParams();
  const desktop = useDesktop();
  const groupId = params.get('group') ?? '';
  const halls = useConsoleRemote(loadCallingGroups, []);
  const board = useConsoleRemote(() => (groupId ? loadBoard(groupId) : Promise.resolve(null)), [groupId]);
  const [windowText, setWindowText] = useState(() => localStorage.getItem(WINDOW_KEY) ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [lastCall, setLastCall] = useState<string | null>(null);

  useEffect(() => {
    if (!groupId) return;
    const timer = setInterval(() => void board.reload(), BOARD_REFRESH_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload is the same function while the group stays
  }, [groupId]);

  const hall = halls.data?.find((item) => item.groups.some((group) => group.id === groupId)) ?? null;
  const group = hall?.groups.find((item) => item.id === groupId) ?? null;

  async function act(action: CallAction) {
    setProblem(null);
    const window = Number(windowText.trim());
    if (action.kind === 'next' || action.kind === 'recall') {
      const invalid = validateQueueWindow(window);
      if (invalid) {
        setProblem(invalid);
        return;
      }
      action = { ...action, window };
      localStorage.setItem(WINDOW_KEY, String(window));
    }
    setBusy(true);
    const asked = action;
    await submitWithFeedback(
      async () => {
        const result = await runCall(asked);
        if ('problem' in result) return result.problem;
        showToast(result.message);
        // The line under the button says who is being called; a skip or finish ends that call.
        setLastCall(asked.kind === 'next' || asked.kind === 'recall' ? result.message : null);
        return null;
      },
      { inPlace: true, onSettled: () => setBusy(false), onFailure: setProblem },
    );
    await board.reload();
  }

  return (
    <ConsolePage className="queue-calling" title="叫号" onRefresh={board.reload}>
      {halls.loading && !halls.data && <LoadingState />}
      {halls.error !== null && <ErrorState title={LOAD_FAILED} message={halls.error} onRetry={() => void halls.reload()} />}
      {halls.data && (
        <div className="console-section queue-calling__setup">
          <label className="queue-calling__field queue-calling__field--business">
            <span>业务</span>
            <select aria-label="业务" value={groupId} onChange={(event) => setParams(event.target.value ? { group: event.target.value } : {}, { replace: true })}>
              <option value="">请选择大厅与业务</option>
              {halls.data.map((item) => (
                <optgroup key={item.id} label={item.name}>
                  {item.groups.map((option) => (
                    <option key={option.id} value={option.id}>
                      {item.name} · {option.prefix} · {option.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className="queue-calling__field">
            <span>窗口号</span>
            <Input id="queue-window" type="number" inputMode="numeric" placeholder="例如 3" value={windowText} onChange={setWindowText} />
          </label>
          {hall && (
            <a className="queue-calling__display-link" href={`/admin/display/queue?hall=${encodeURIComponent(hall.id)}`} target="_blank" rel="noreferrer">
              打开{hall.name}的叫号显示屏
            </a>
          )}
        </div>
      )}
      {!groupId && halls.data && <EmptyState className="console-empty" description="请先选择大厅与业务" hint="选择后显示今天该业务的全部号码" />}
      {groupId && board.error !== null && <ErrorState title={LOAD_FAILED} message={board.error} onRetry={() => void board.reload()} />}
      {groupId && board.data && (
        <>
          <div className="console-section queue-calling__call">
            <div className="queue-calling__counts" aria-label="今日号码">
              <span>等待 {board.data.counts.waiting}</span>
              <span>已叫 {board.data.counts.called}</span>
              <span>办理中 {board.data.counts.serving}</span>
              <span>过号 {board.data.counts.skipped}</span>
              <span>办结 {board.data.counts.done}</span>
            </div>
            <Button block color="primary" size="large" loading={busy} disabled={busy || board.data.counts.waiting === 0} onClick={() => void act({ kind: 'next', groupId, window: 0 })}>
              {board.data.counts.waiting === 0 ? '暂无等待的号' : '叫下一个'}
            </Button>
            {lastCall && (
              <p className="queue-calling__last" aria-live="polite">
                {lastCall}
              </p>
            )}
            <FormError message={problem} />
          </div>
          {board.data.numbers.length === 0 ? (
            <EmptyState className="console-empty" description={`${group?.name ?? '该业务'}今天还没有人取号`} hint="市民取号后会出现在这里" />
          ) : desktop ? (
            <NumbersTable label={`${group?.name ?? ''}今天的号码`} numbers={board.data.numbers} busy={busy} onAction={(action) => void act(action)} />
          ) : (
            <ul className="console-section queue-calling__numbers" aria-label={`${group?.name ?? ''}今天的号码`}>
              {board.data.numbers.map((item) => (
                <NumberRow key={item.id} item={item} busy={busy} onAction={(action) => void act(action)} />
              ))}
            </ul>
          )}
        </>
      )}
      {groupId && board.loading && !board.data && <LoadingState />}
    </ConsolePage>
  );
}
export { QueueCallingPage as Component };
