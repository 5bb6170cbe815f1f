import { z } from 'zod';
import { apilist } from '../define-call';
import { errcodeReply } from '../envelopes';
import { userRequest } from './shared/requests';
import { reviewOpinions } from './apply';

/**
 * The online appointment list (spec part 3 §2.4, §3 "Appointment list entry"): the session user's
 * submitted applications, each with whether it can still be booked (iskyy) or the order it has.
 */
export const appointmentListEntry = z.object({
  id: z.string(),
  name: z.string(),
  /** "true" while no order exists for the case, else "false". */
  iskyy: z.enum(['true', 'false']),
  /** null until the hall gives the case its acceptance number. */
  prolsh: z.string().nullable(),
  djlx: z.string(),
  djlx_name: z.string(),
  areaname: z.string(),
  shzt: z.number(),
  pro_slxmsh: reviewOpinions,
  user_name: z.string(),
  /** Creation time, YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
  prostart: z.string(),
  /** Submission time in the same format. */
  tjsj: z.string(),
  /** The order's id when booked, else ''. */
  orderid: z.string(),
  wf_prodefname: z.string(),
});
export type AppointmentListEntry = z.infer<typeof appointmentListEntry>;

export const appointmentListCalls = {
  /** The session user's submitted applications for /yuyue, newest submission first. */
  getYuyueApplyList: apilist('getYuyueApplyList', userRequest, errcodeReply(z.array(appointmentListEntry))),
} as const;
