import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faceChecks } from '../../db/schema';
import { failureMessage } from './failure-codes';
import { FaceIdError, type DetectAuthInput, type DetectAuthResult, type DetectInfo, type FaceIdAdapter } from './faceid';

/** Where the simulator's check page lives (routes/simulator/faceid.ts). */
export const FACE_SIMULATOR_PATH = '/simulator/faceid';

/**
 * FaceID as a local run and the tests see it: the check page is the hall's own
 * (`/simulator/faceid?BizToken=…`), where a person presses 认证通过 or one of the ways it fails (with the
 * result code Tencent would give, so the hall words the reason as it does for the real service).
 *
 * The simulator keeps no table of its own: the hall stores every check it starts in face_checks,
 * and the simulator page records its outcome in that row's status while finished_at is still
 * empty; finished_at is the hall's mark that it has read the outcome and decided (services/face-checks.ts).
 */
export class SimulatedFaceId implements FaceIdAdapter {
  constructor(private readonly db: Database) {}

  async detectAuth(_input: DetectAuthInput): Promise<DetectAuthResult> {
    // Tencent's tokens look like upper-case UUIDs; a random UUID is just as unguessable.
    const bizToken = randomUUID().toUpperCase();
    return { bizToken, url: `${FACE_SIMULATOR_PATH}?BizToken=${encodeURIComponent(bizToken)}` };
  }

  async getDetectInfo(bizToken: string): Promise<DetectInfo> {
    const [check] = await this.db.select().from(faceChecks).where(eq(faceChecks.bizToken, bizToken));
    if (!check) throw new FaceIdError('unknown BizToken', 'InvalidParameterValue.BizTokenIllegal');
    // The simulated person presents the name and ID number the check was started for.
    const identity = { name: check.name, idcard: check.idcard };
    if (check.status === 'passed') return { passed: true, ...identity, message: '认证通过' };
    if (check.status === 'failed') return { passed: false, ...identity, message: failureMessage(check.simulatedErrCode, '人脸核身未通过') };
    return { passed: false, name: '', idcard: '', message: '人脸核身尚未完成' };
  }
}
