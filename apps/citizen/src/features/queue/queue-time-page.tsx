import { statOk, SessionLostError } from '@hall/api/browser';
import { queueToday, validateQueueOrder } from '@hall/domain';
import { EmptyState, Input, showAlert, showConfirm } from '@hall/ui';
import { Button, List, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../components/form-card';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback, useRemote, NETWORK_ERROR } from '@hall/app';
import { useSession } from '../../stores/session';
import { QueueChoice } from './queue-choice';
import { statData, type QueueTime } from './queue-data';
import './queue.css';

export const ORDER_CONFIRM_TITLE = '排队取号';
export const ORDER_CONFIRM_TEXT = '确定取号吗？';

interface DayChoice {
  date: string;
  week: string;
  holiday: number;
  /** Numbers left that day, when known. */
  left: number | null;
}

/** The hall's and the group's names for the heading; the screen works without them. */
function useNames(comID: string, groupId: string) {
  return useRemote(async () => {
    const [companies, groups] = await Promise.all([api.queueCompanyOptions({}), api.queueGroups({ comID })]);
    const company = statOk(companies) ? companies.data?.find((c) => c.id === comID)?.name : undefined;
    const group = statOk(groups) ? groups.data?.find((g) => g.id === groupId)?.name : undefined;
    return { company: company ?? '', group: group ?? '' };
  }, [comID, groupId]);
}

/**
 * /queue/time?comID&groupId: the reservable days (closed ones disabled, numbers left under each),
 * the times of the chosen day with the numbers left, and the order form (name and phone from the
 * profile, a remark); a number taken opens its result page (spec part 3 §2.6, §8).
 */
export function QueueTimePage() {
  const [params] = useSearchParams();
  const comID = params.get('comID') ?? '';
  const groupId = params.get('groupId') ?? '';
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const names = useNames(comID, groupId);

  const days = useRemote(async () => {
    const [dayReply, numberReply] = await Promise.all([api.queueDays({ comID }), api.queueDayNumbers({ comID, groupId })]);
    const left = new Map((statOk(numberReply) ? (numberReply.data ?? []) : []).map((d) => [d.date, d.left]));
    return statData(dayReply).map((day): DayChoice => ({ ...day, left: left.get(day.date) ?? null }));
  }, [comID, groupId]);

  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [day, setDay] = useState('');
  const [times, setTimes] = useState<{ list: QueueTime[]; failure: string | null; loading: boolean }>({ list: [], failure: null, loading: false });
  const [time, setTime] = useState('');
  const [name, setName] = useState(user?.name ?? '');
  const [phone, setPhone] = useState(user?.PHONE ?? '');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);

  // The profile may arrive after the screen: fill what the citizen has not typed yet.
  useEffect(() => {
    setName((value) => value || user?.name || '');
    setPhone((value) => value || user?.PHONE || '');
  }, [user?.name, user?.PHONE]);

  const dayList = (days.data ?? []).map((d) => ({ ...d, holiday: closed.has(d.date) ? 1 : d.holiday }));

  // The first open day with numbers left is chosen to start with.
  useEffect(() => {
    if (day || !days.data) return;
    const first = days.data.find((d) => d.holiday === 0 && d.left !== 0);
    if (first) void chooseDay(first.date);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days.data]);

  async function loadTimes(date: string) {
    setTimes({ list: [], failure: null, loading: true });
    try {
      const reply = await api.queueTimeNumbers({ comID, groupId, aboutDate: date });
      if (statOk(reply)) {
        setTimes({ list: reply.data ?? [], failure: null, loading: false });
        return;
      }
      // A day the hall refuses is a day off: marked 休息 and its times left empty.
      setClosed((set) => new Set(set).add(date));
      setTimes({ list: [], failure: reply.msg || '该日不可取号，请选择其他日期', loading: false });
    } catch (error) {
      if (error instanceof SessionLostError) return;
      setTimes({ list: [], failure: NETWORK_ERROR, loading: false });
    }
  }

  async function chooseDay(date: string) {
    setDay(date);
    setTime('');
    await loadTimes(date);
  }

  async function submit() {
    const invalid = validateQueueOrder({ queueid: groupId, resDay: day, resTime: time, name, phone });
    if (invalid) {
      await showAlert(invalid);
      return;
    }
    if (!(await showConfirm(ORDER_CONFIRM_TEXT, { title: ORDER_CONFIRM_TITLE }))) return;
    setBusy(true);
    let orderId = '';
    const sent = await submitWithFeedback(
      async () => {
        const reply = await api.addQueueOrder({ wechatid: user?.openid, queueid: groupId, resDay: day, resTime: time, name: name.trim(), phone: phone.trim(), remark: remark.trim() });
        if (statOk(reply) && reply.data) {
          orderId = reply.data.id;
          return null;
        }
        return reply.msg || '取号失败，请稍后重试';
      },
      { onSettled: () => setBusy(false), onFailure: () => void loadTimes(day) },
    );
    if (sent) navigate(href(paths.queueResult, { id: orderId }), { replace: true });
  }

  const heading = [names.data?.company, names.data?.group].filter(Boolean).join(' · ');
  const today = queueToday(new Date());

  return (
    <HallPage title="选择时间" backTo={href(paths.queueBusiness, { comID })} className="hall-queue">
      {heading ? <p className="hall-queue__heading is-summary">{heading}</p> : null}
      {days.loading && !days.data ? (
        <LoadingState />
      ) : days.error ? (
        <ErrorState message={days.error} onRetry={() => void days.reload()} />
      ) : (
        <>
          <h2 className="hall-queue__heading">预约日期</h2>
          <div className="hall-queue__days" role="radiogroup" aria-label="预约日期">
            {dayList.map((d) => {
              const off = d.holiday === 1;
              const full = !off && d.left === 0;
              return (
                <QueueChoice key={d.date} kind="day" checked={d.date === day} disabled={off || full || busy} onChoose={() => void chooseDay(d.date)}>
                  <span className="hall-queue__day-date">{d.date.slice(5)}</span>
                  <span className="hall-queue__day-week">{d.week}</span>
                  <span className="hall-queue__day-left">{off ? '休息' : full ? (d.date === today ? '已截止' : '已约满') : d.left === null ? '' : `余${d.left}`}</span>
                </QueueChoice>
              );
            })}
          </div>

          <h2 className="hall-queue__heading">预约时间</h2>
          {!day ? (
            <EmptyState description="请先选择预约日期" />
          ) : times.loading ? (
            <LoadingState />
          ) : times.failure ? (
            <EmptyState description={times.failure} />
          ) : times.list.length === 0 ? (
            <EmptyState description="该日暂无可取号的时间段" />
          ) : (
            <div className="hall-queue__times" role="radiogroup" aria-label="预约时间">
              {times.list.map((t) => (
                <QueueChoice key={t.time} kind="time" checked={t.time === time} disabled={!t.bookable || busy} onChoose={() => setTime(t.time)}>
                  <span>{t.time}</span>
                  <span className="hall-queue__time-left">{t.left === 0 ? '已约满' : t.bookable ? `余 ${t.left} 个号` : '已截止'}</span>
                </QueueChoice>
              ))}
            </div>
          )}

          <FormCard header="取号人信息" className="hall-queue__form">
            <List.Item prefix={<label htmlFor="queue-name">姓名</label>}>
              <Input id="queue-name" value={name} onChange={setName} placeholder="请输入姓名" maxLength={50} clearable />
            </List.Item>
            <List.Item prefix={<label htmlFor="queue-phone">手机号</label>}>
              <Input id="queue-phone" type="tel" value={phone} onChange={setPhone} placeholder="请输入手机号" maxLength={11} clearable />
            </List.Item>
            <List.Item prefix={<label htmlFor="queue-remark">备注</label>}>
              <TextArea id="queue-remark" value={remark} onChange={setRemark} placeholder="选填，如办理的具体事项" maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
            </List.Item>
          </FormCard>
          <div className="hall-queue__submit">
            <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void submit()}>
              确认取号
            </Button>
          </div>
        </>
      )}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { QueueTimePage as Component };
