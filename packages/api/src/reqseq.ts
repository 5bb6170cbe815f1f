/** A per-call request sequence id; the client makes a fresh one for every call. */
export function newReqseq(): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `${Date.now()}${random}`;
}
