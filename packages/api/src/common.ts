import { z } from 'zod';

/** A per-call request sequence id; the client makes a fresh one for every call. */
export const reqseq = z.string().max(64).optional();
/** The openid a payload carries; the server checks it equals the session's. */
export const openid = z.string().max(128).optional();

/** A string field from a form that may arrive as a number. */
export const text = (max: number) => z.union([z.string(), z.number().transform(String)]).pipe(z.string().max(max));


export { newReqseq } from './reqseq';
