import { QUEUE_DISPLAY_STREAM_PATH, statOk, type QueueDisplayCall } from '@hall/api/browser';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/hall';
import { announcementOf, useVoiceAnnouncement } from './voice-announcement';
import './queue-display.css';

/** After the server refuses the stream (an unknown hall), try again this much later. */
const REOPEN_MS = 10_000;

interface DisplayBoard {
  hall: string;
  calls: QueueDisplayCall[];
}

/** The hall's stream: the current board, and whether the line is up (EventSource reconnects by itself after a drop). */
function useDisplayStream(hallId: string) {
  const [board, setBoard] = useState<DisplayBoard | null>(null);
  const [connected, setConnected] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    if (!hallId) return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(`${QUEUE_DISPLAY_STREAM_PATH}?hall=${encodeURIComponent(hallId)}`);
      source.addEventListener('calls', (event) => {
        setBoard(JSON.parse((event as MessageEvent<string>).data) as DisplayBoard);
        setConnected(true);
        setRefused(false);
      });
      source.onerror = () => {
        setConnected(false);
        // A refused stream (404) is closed for good; a dropped one the browser reopens itself.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          setRefused(true);
          reopen = setTimeout(open, REOPEN_MS);
        }
      };
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [hallId]);
  return { board, connected, refused };
}

/** Without ?hall=, the halls to choose from (set up once on the screen's browser). */
function HallChoice() {
  const [halls, setHalls] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    void api
      .queueCompanyOptions({})
      .then((reply) => setHalls(statOk(reply) && reply.data ? reply.data : []))
      .catch(() => setHalls([]));
  }, []);
  return (
    <main className="queue-display queue-display--choice">
      <h1>请选择要显示的办事大厅</h1>
      {halls === null ? (
        <p>正在读取大厅…</p>
      ) : halls.length === 0 ? (
        <p>暂时读不到大厅，请检查网络后刷新本页</p>
      ) : (
        <ul>
          {halls.map((hall) => (
            <li key={hall.id}>
              <a href={`?hall=${encodeURIComponent(hall.id)}`}>{hall.name}</a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

/**
 * /admin/display/queue?hall=<id>: the hall's calling screen, outside the console's sign-in. It shows
 * only numbers, their business and windows, in type readable across a room, and follows the calls live.
 */
export function QueueDisplayPage() {
  const [params] = useSearchParams();
  const hallId = params.get('hall') ?? '';
  const { board, connected, refused } = useDisplayStream(hallId);
  const [latest, ...earlier] = board?.calls ?? [];
  const voice = useVoiceAnnouncement(latest);
  if (!hallId) return <HallChoice />;

  return (
    <main className="queue-display" aria-label="叫号显示屏">
      <header className="queue-display__head">
        <h1>{board?.hall ?? '叫号显示屏'}</h1>
        {voice.available && (
          <button type="button" className={`queue-display__voice${voice.on ? ' is-on' : ''}`} aria-pressed={voice.on} onClick={voice.toggle}>
            {voice.on ? '语音播报：开' : '开启语音播报'}
          </button>
        )}
        <span className={`queue-display__status${connected ? ' is-live' : ''}`} role="status">
          {connected ? '实时' : refused ? '找不到该大厅，请检查地址中的 hall 参数' : '连接中断，正在重连…'}
        </span>
      </header>
      {latest ? (
        <section className="queue-display__now" aria-live="assertive" aria-label={announcementOf(latest)} key={`${latest.number}-${latest.calledAt}`}>
          <p className="queue-display__please">请</p>
          <p className="queue-display__number">{latest.number}</p>
          <p className="queue-display__window">
            到 <strong>{latest.callWindow}号窗口</strong> 办理
          </p>
          <p className="queue-display__group">{latest.groupName}</p>
        </section>
      ) : (
        <section className="queue-display__now is-empty">
          <p className="queue-display__please">{board ? '暂无叫号，请留意屏幕' : '正在连接…'}</p>
        </section>
      )}
      {earlier.length > 0 && (
        <section className="queue-display__earlier">
          <h2>正在办理</h2>
          <ul>
            {earlier.map((call) => (
              <li key={`${call.number}-${call.calledAt}`}>
                <span className="queue-display__earlier-number">{call.number}</span>
                <span>{call.callWindow}号窗口</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
export { QueueDisplayPage as Component };
