import { NETWORK_ERROR } from '@hall/app';
import { useState } from 'react';

/**
 * A console form's save: busy while it runs, and the hall's refusal (or the network's) shown in
 * place; the fields keep what was typed. `submit` answers null when done, else the message.
 */
export function useFormSubmit<Values>(submit: (values: Values) => Promise<string | null>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (values: Values) => {
    setBusy(true);
    setError(null);
    const refused = await submit(values).catch(() => NETWORK_ERROR);
    setBusy(false);
    setError(refused);
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
