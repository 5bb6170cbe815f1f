import { REVIEW_STATUS, isSubmittableOnDetail, statusRefusal, validateMaterials } from '@hall/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, materialFiles, materials } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { newAcceptanceNumber } from '../../lib/acceptance-number';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { checkApplication } from './application-check';
import { lockOwnedApplication } from './application-editing';
import { notifyCitizen } from '../notifications/outbox';
import { applicationSubmittedNotice } from '../notifications/notices';

export const ONLY_PENDING_REVOCABLE = '只能撤回待审核的申请';

/**
 * submitApplyProject: submits one of the citizen's applications while it is submittable
 * (isSubmittableOnDetail: not pending or passed), when the check passes and every required material
 * has an attachment (validateMaterials). It becomes pending (shzt 0) with its submission time and an
 * acceptance number prolsh ('HD' + the Shanghai month + a serial from a database sequence); a
 * rejected application submitted again keeps its number. The row is locked, so a repeated or racing
 * submit finds it pending and changes nothing.
 */
export async function submitApplication(db: Database, openid: string, proinstid: string): Promise<{ prolsh: string; tjsj: string }> {
  // The check reads without the lock; its rules only look at what the citizen filled in.
  const application = await db.transaction(async (tx) => lockOwnedApplication(tx, openid, proinstid));
  if (!isSubmittableOnDetail(application.shzt)) throw conflict(statusRefusal('submit', application.shzt));
  await checkApplication(db, openid, proinstid);
  return db.transaction(async (tx) => {
    const row = await lockOwnedApplication(tx, openid, proinstid);
    if (!isSubmittableOnDetail(row.shzt)) throw conflict(statusRefusal('submit', row.shzt));
    const list = await tx.select().from(materials).where(eq(materials.applicationId, row.id)).orderBy(asc(materials.sort), asc(materials.id));
    const attachments = list.length
      ? await tx
          .select({ materialId: materialFiles.materialId })
          .from(materialFiles)
          .where(
            inArray(
              materialFiles.materialId,
              list.map((m) => m.id),
            ),
          )
      : [];
    const missing = validateMaterials(list.map((material) => ({ name: material.name, required: material.required, attachments: attachments.filter((a) => a.materialId === material.id) })));
    if (missing) throw badRequest(missing);
    const [updated] = await tx
      .update(applications)
      .set({
        shzt: REVIEW_STATUS.pending,
        submittedAt: sql`now()`,
        prolsh: row.prolsh ?? newAcceptanceNumber(),
      })
      .where(eq(applications.id, row.id))
      .returning({ prolsh: applications.prolsh, submittedAt: applications.submittedAt });
    await notifyCitizen(tx, applicationSubmittedNotice({ ...row, prolsh: updated!.prolsh }));
    return { prolsh: updated!.prolsh ?? '', tjsj: formatShanghaiDateTime(updated!.submittedAt) };
  });
}

/**
 * revokeApply: withdraws a pending application (shzt 0) of the citizen's back to not submitted (-1),
 * so it can be edited and submitted again. Only pending ones: once the hall has passed or rejected an
 * application the decision stands. The acceptance number is kept for the resubmission; the
 * submission time is cleared, as the application is no longer submitted.
 */
export async function revokeApplication(db: Database, openid: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockOwnedApplication(tx, openid, id);
    if (row.shzt !== REVIEW_STATUS.pending) throw conflict(ONLY_PENDING_REVOCABLE);
    await tx.update(applications).set({ shzt: REVIEW_STATUS.notSubmitted, submittedAt: null }).where(eq(applications.id, row.id));
  });
}
