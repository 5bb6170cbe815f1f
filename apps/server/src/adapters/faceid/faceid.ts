/**
 * Face verification (人脸核身) as the hall uses it: start a check for a name and ID number, send
 * the browser to the returned address, and afterwards read the outcome for the check's token.
 * Implemented by Tencent Cloud FaceID (tencent.ts) and by the built-in simulator (simulator.ts).
 */
export interface DetectAuthInput {
  name: string;
  idcard: string;
  /** Where the browser returns to once the check is over; BizToken is appended to it. */
  redirectUrl: string;
  ruleId: string;
}

export interface DetectAuthResult {
  bizToken: string;
  /** The page the citizen's browser is sent to. */
  url: string;
}

export interface DetectInfo {
  passed: boolean;
  /** The name and ID number the check established (empty when it did not get that far). */
  name: string;
  idcard: string;
  message: string;
}

export interface FaceIdAdapter {
  detectAuth(input: DetectAuthInput): Promise<DetectAuthResult>;
  getDetectInfo(bizToken: string): Promise<DetectInfo>;
}

/** The outside service did not answer usably (network, HTTP status, an error reply). */
export class FaceIdError extends Error {
  constructor(
    message: string,
    readonly code = 'FaceIdError',
  ) {
    super(message);
    this.name = 'FaceIdError';
  }
}
