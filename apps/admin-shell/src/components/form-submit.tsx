import { submitWithFeedback } from '@hall/app';
import { useState } from 'react';

/**
 * A console form's save, through the hall's submitWithFeedback: busy while it runs, and the hall's
 * refusal (or the network's) shown in place; the fields keep what was typed. `submit` answers null
 * when done, else the message.
 */
export function useFormSubmit<Values>(submit: (values: Values) => Promise<string | null>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (values: Values) => {
    setBusy(true);
    setError(null);
    return submitWithFeedback(() => submit(values), { inPlace: true, onSettled: () => setBusy(false), onFailure: setError });
  };
  return { busy, error, run };
}

/** The refusal under a form, announced. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="shell-error" role="alert">
      {message}
    </p>
  );
}
