/**
 * Why a face check (人脸核身) failed, in the words the citizen reads, and what to do about each.
 * The provider's result codes map onto these few (apps/server's FaceID adapter); a reason this
 * list does not know is shown as the provider gave it, with the general advice.
 */
export const FACE_CHECK_FAILURES = {
  /** The face did not match the ID card's photo held by the authority (Tencent 2016). */
  faceMismatch: {
    reason: '人脸与身份证照片不一致',
    advice: ['请由身份证本人操作，正对手机屏幕，摘下帽子、口罩和眼镜', '近年容貌变化较大的，请携带身份证到登记中心窗口办理'],
  },
  /** No live person was seen: a photo or a recording, a face not fully in view, no action done (Tencent 1002–1005). */
  liveness: {
    reason: '活体检测未通过',
    advice: ['请在光线充足、背景简单的地方重试', '让整张脸留在取景框内，按屏幕提示眨眼或张嘴', '网络不稳定时请换到信号好的地方后重试'],
  },
  /** The name and ID number do not belong together at the authority (Tencent 2006, 2002, 2003, 2005). */
  identityMismatch: {
    reason: '身份信息不一致',
    advice: ['请在个人信息中核对姓名和身份证号，须与身份证上完全一致', '修改保存后，由身份证本人重新认证'],
  },
} as const;

export type FaceCheckFailure = keyof typeof FACE_CHECK_FAILURES;

/** The advice for a reason the hall gave, or null when the reason is not one of its own. */
export function faceCheckAdvice(reason: string): readonly string[] | null {
  return Object.values(FACE_CHECK_FAILURES).find((failure) => failure.reason === reason)?.advice ?? null;
}
