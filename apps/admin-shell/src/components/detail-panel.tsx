import { CloseOutline } from 'antd-mobile-icons';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { href } from '../config/paths';
import { useDesktop } from '../lib/use-desktop';
import './detail-panel.css';

/** The row a list opened beside it, for the detail page shown in the panel (components/console-page.tsx frames it there). */
interface OpenRow {
  id: string;
  title: string;
  close: () => void;
}

const PanelContext = createContext<OpenRow | null>(null);

/** The detail page's frame in a panel, or null on a page of its own. */
export const useInPanel = () => useContext(PanelContext);

/**
 * The item a detail page shows: the panel's row beside a list, else the `:id` of its own address;
 * and where back goes: closing the panel, else the list's own page.
 */
export function useDetailItem(listPath: string | (() => string)): { id: string; back: () => void } {
  const panel = useInPanel();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return panel ? { id: panel.id, back: panel.close } : { id, back: () => navigate(typeof listPath === 'string' ? listPath : listPath(), { replace: true }) };
}

/**
 * A list whose rows open their detail (docs/architecture.md §13, "The console"): on the desktop in a
 * panel over the list's right side, the row kept in the address (`open`) so that a reload comes back
 * to it; on a phone the detail page of its own, as before.
 */
export function useOpenRow(detailPath: string) {
  const desktop = useDesktop();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const openId = desktop ? params.get('open') : null;
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (id) query.set('open', id);
        else query.delete('open');
        return query;
      },
      { replace: true },
    );
  return {
    openId,
    open: (id: string) => (desktop ? setOpen(id) : navigate(href(detailPath, { id }))),
    close: () => setOpen(null),
  };
}

/** Runs `changed` when the panel closes: what was done in it (a reply, an answer) shows in the list. */
export function useOnPanelClosed(openId: string | null, changed: () => void) {
  const was = useRef(openId);
  useEffect(() => {
    if (was.current && !openId) changed();
    was.current = openId;
  });
}

/** The panel: the detail page framed in it, closed by its 关闭 button or Escape; focus moves into it as it opens. */
export function DetailPanel({ id, title, onClose, children }: { id: string; title: string; onClose: () => void; children: ReactNode }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [id]);
  return (
    <aside
      ref={panel}
      className="detail-panel"
      aria-label={title}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <PanelContext.Provider value={{ id, title, close: onClose }}>{children}</PanelContext.Provider>
    </aside>
  );
}

/** The panel's close button, in the frame's header. */
export function PanelClose({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="detail-panel__close" aria-label="关闭" onClick={onClose}>
      <CloseOutline aria-hidden />
    </button>
  );
}
