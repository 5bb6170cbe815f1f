import { errcodeOk } from '@hall/api/browser';
import { useEffect, useState } from 'react';
import { api } from './api';
import { useSession } from '../stores/session';

/** How many of the citizen's messages are unread (the badge of /my and the tab bar); 0 until known or signed out. */
export function useUnreadMessages(): number {
  const openid = useSession((s) => s.user?.openid ?? '');
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!openid) return;
    let live = true;
    api
      .unreadMessages({ openid })
      .then((reply) => {
        if (live && errcodeOk(reply) && reply.data) setUnread(reply.data.unread);
      })
      // A badge that cannot be read stays hidden: the 消息中心 itself says what went wrong.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [openid]);
  return unread;
}
