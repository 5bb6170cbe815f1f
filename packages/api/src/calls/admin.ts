import { z } from 'zod';
import { apilist } from '../define-call';
import { stateReply } from '../envelopes';
import { plainText } from '../common';
import { bareRequest } from './shared/requests';
import { appInfo } from './session';
import { operatorProfile } from './operators';

/** The fields the admin shell loads at start (spec part 1 §7: dbfields app, me, stat). */
export const ADMIN_SHELL_FIELDS = ['app', 'me', 'stat'] as const;

/** The hall at a glance, for the operators' home. */
export const hallStatistics = z.object({
  citizens: z.number(),
  verifiedCitizens: z.number(),
  feedbackWaiting: z.number(),
  feedbackTotal: z.number(),
  queriesPending: z.number(),
  queriesToday: z.number(),
});
export type HallStatistics = z.infer<typeof hallStatistics>;

export const adminCalls = {
  /**
   * Admin shell init: syscode sys_admin, dbfields [app, me, stat], and the URL code parameter. Answers
   * for the console's session, or signs in the operator whose bound WeChat the browser is signed in
   * with; else 401 (errcode 401 in the state envelope's message) and the shell shows its sign-in page.
   */
  initAdminShell: apilist(
    'initAdminShell',
    bareRequest.extend({
      syscode: z.literal('sys_admin'),
      dbfields: z.array(z.enum(ADMIN_SHELL_FIELDS)).max(ADMIN_SHELL_FIELDS.length),
      code: plainText(256).optional(),
    }),
    stateReply(z.object({ app: appInfo.optional(), me: operatorProfile.optional(), stat: hallStatistics.optional() })),
  ),
} as const;
