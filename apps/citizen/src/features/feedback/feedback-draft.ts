import { useCallback, useState } from 'react';

/** Unsent feedback is kept per citizen, so a reload or a slip of the back button loses nothing. */
function draftKey(openid: string): string {
  return `hall:feedback-draft:${openid}`;
}

function readDraft(openid: string): string {
  try {
    return window.localStorage.getItem(draftKey(openid)) ?? '';
  } catch {
    // Storage may be off (private mode): the form still works, only without the draft.
    return '';
  }
}

function writeDraft(openid: string, text: string): void {
  try {
    if (text) window.localStorage.setItem(draftKey(openid), text);
    else window.localStorage.removeItem(draftKey(openid));
  } catch {
    // See readDraft.
  }
}

/** The feedback text, saved as it is typed and dropped once it has been sent. */
export function useFeedbackDraft(openid: string): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(() => readDraft(openid));
  const change = useCallback(
    (next: string) => {
      setText(next);
      writeDraft(openid, next);
    },
    [openid],
  );
  const clear = useCallback(() => change(''), [change]);
  return [text, change, clear];
}
