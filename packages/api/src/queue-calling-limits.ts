/** The queue calling's limits and addresses, shared by the server, the console and the citizen app (no zod, so the browser bundles stay small). */

/** Where a number is at the counter: waiting, called to a window, being served there, passed (called and not come), served. */
export const QUEUE_CALL_STATES = ['waiting', 'called', 'serving', 'skipped', 'done'] as const;
export type QueueCallState = (typeof QUEUE_CALL_STATES)[number];

/** The hall display's event stream (GET, text/event-stream): events `calls` with { hall, calls: QueueDisplayCall[] }, the latest first. */
export const QUEUE_DISPLAY_STREAM_PATH = '/callnum/api/display/stream';
/** The citizen's own stream: an event `order` with { id } whenever one of the citizen's numbers changes. */
export const QUEUE_OWN_STREAM_PATH = '/callnum/api/order/stream';

/** What the citizen and the display read for a number's state: 等待中, 请到3号窗口, 办理中, 已过号, 已办结. */
export function queueCallStateText(state: QueueCallState, callWindow: number | null): string {
  if (state === 'called') return callWindow ? `请到${callWindow}号窗口` : '请到窗口办理';
  if (state === 'serving') return callWindow ? `${callWindow}号窗口办理中` : '办理中';
  if (state === 'skipped') return '已过号';
  if (state === 'done') return '已办结';
  return '等待中';
}
