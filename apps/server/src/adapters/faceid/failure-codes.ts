import { FACE_CHECK_FAILURES, type FaceCheckFailure } from '@hall/domain';

/**
 * Tencent FaceID's result codes (GetDetectInfoEnhanced Text.ErrCode, 慧眼人脸核身返回码) grouped by
 * the reason the citizen is given. Codes outside these (engine timeouts, an expired token …) keep
 * the provider's own message.
 */
const CODES: Record<FaceCheckFailure, readonly number[]> = {
  // 无法判断为同一人 (similarity under the threshold).
  faceMismatch: [2011, 2016],
  // 疑似非真人录制, 人脸验证失败, 视频录制时间过短, 脸部未完整露出.
  liveness: [1002, 1003, 1004, 1005, 1301, 1302, 1303, 2010],
  // 姓名有误, 身份证号有误, 未查询到身份信息, 姓名和身份证号不匹配.
  identityMismatch: [2002, 2003, 2005, 2006],
};

/** The code the simulator records for each reason (the one Tencent bills, where it bills one). */
export const SIMULATED_FAILURE_CODES: Record<FaceCheckFailure, number> = { faceMismatch: 2016, liveness: 1002, identityMismatch: 2006 };

/** What the citizen is told for a failed check: the hall's reason for a known code, else the provider's message. */
export function failureMessage(code: number | null, providerMessage: string): string {
  const failure = (Object.keys(CODES) as FaceCheckFailure[]).find((key) => code !== null && CODES[key].includes(code));
  return failure ? FACE_CHECK_FAILURES[failure].reason : providerMessage;
}
