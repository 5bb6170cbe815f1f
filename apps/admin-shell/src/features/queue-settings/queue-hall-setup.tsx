import type { QueueSettingsGroup, QueueSettingsHall } from '@hall/api/browser';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../lib/hall';
import { runSetup } from '../../lib/run-setup';

type Done = () => void;

/** The businesses a group handles (what the citizen picks from), added and removed here. */
export function GroupBusinesses({ group, onDone }: { group: QueueSettingsGroup; onDone: Done }) {
  const [name, setName] = useState('');
  const add = async () => {
    if (await runSetup(() => api.saveQueueBusiness({ groupId: group.id, name, sort: group.businesses.length + 1 }))) {
      setName('');
      onDone();
    }
  };
  const remove = async (id: string, label: string) => {
    if (await runSetup(() => api.deleteQueueBusiness({ id }), `从“${group.name}”中删除“${label}”？`)) onDone();
  };
  return (
    <div className="queue-setup__businesses">
      <ul aria-label={`${group.name}办理的事项`}>
        {group.businesses.map((business) => (
          <li key={business.id}>
            {business.name}
            <button type="button" className="queue-setup__remove" aria-label={`删除${business.name}`} onClick={() => void remove(business.id, business.name)}>
              ×
            </button>
          </li>
        ))}
        {group.businesses.length === 0 && <li className="console-muted">尚未添加办理事项，市民取号时无事项可选</li>}
      </ul>
      <div className="queue-setup__add">
        <input aria-label={`${group.name}的新事项`} value={name} maxLength={100} placeholder="新事项，例如 转移登记" onChange={(event) => setName(event.target.value)} />
        <Button size="mini" fill="outline" color="primary" onClick={() => void add()}>
          添加事项
        </Button>
      </div>
    </div>
  );
}

export async function removeGroup(group: QueueSettingsGroup, onDone: Done) {
  if (await runSetup(() => api.deleteQueueGroup({ id: group.id }), `删除业务“${group.name}”？只有从未发过号的业务可以删除。`)) onDone();
}

export async function removeHall(hall: QueueSettingsHall, onDone: Done) {
  if (await runSetup(() => api.deleteQueueHall({ id: hall.id }), `删除办事大厅“${hall.name}”？只有从未发过号的大厅可以删除。`)) onDone();
}

/**
 * The days a hall is closed besides weekends, and the weekend days it opens all the same (调休上班):
 * listed, added and taken back. The hall decides by the date which one a day is.
 */
export function ClosedDays({ hall, onDone }: { hall: QueueSettingsHall; onDone: Done }) {
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const save = async (day: string, closed: boolean, why: string) => {
    if (await runSetup(() => api.saveQueueClosedDay({ comID: hall.id, date: day, closed, reason: why }))) {
      if (day === date) {
        setDate('');
        setReason('');
      }
      onDone();
    }
  };
  return (
    <div className="queue-setup__days">
      <h3>休息日</h3>
      {hall.closedDays.length === 0 ? (
        <p className="console-muted">除周末外没有休息日。</p>
      ) : (
        <ul aria-label={`${hall.name}的休息日`}>
          {hall.closedDays.map((day) => (
            <li key={day.date}>
              {day.date}
              {day.reason && <span className="console-muted">{day.reason}</span>}
              <Button size="mini" fill="none" onClick={() => void save(day.date, false, '')}>
                恢复取号
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h3>调休上班日</h3>
      {hall.workingDays.length === 0 ? (
        <p className="console-muted">周末均不取号。</p>
      ) : (
        <ul aria-label={`${hall.name}的调休上班日`}>
          {hall.workingDays.map((day) => (
            <li key={day.date}>
              {day.date}
              {day.reason && <span className="console-muted">{day.reason}</span>}
              <Button size="mini" fill="none" onClick={() => void save(day.date, true, '')}>
                恢复休息
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="queue-setup__add">
        <input type="date" aria-label="调整日期" value={date} onChange={(event) => setDate(event.target.value)} />
        <input aria-label="调整原因" value={reason} maxLength={100} placeholder="原因，例如 国庆节、调休上班" onChange={(event) => setReason(event.target.value)} />
        <Button size="mini" fill="outline" color="primary" onClick={() => void save(date, true, reason)}>
          设为休息日
        </Button>
        <Button size="mini" fill="outline" color="primary" onClick={() => void save(date, false, reason)}>
          设为上班日
        </Button>
      </div>
    </div>
  );
}
