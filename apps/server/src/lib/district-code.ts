import { DISTRICT_CODE_INVALID } from '@hall/api/internal';
import { badRequest } from './errors';

/** A district code as the hall's tables hold it: six digits. */
export function checkedDistrict(xzqdm: string): string {
  const code = xzqdm.trim();
  if (!/^\d{6}$/.test(code)) throw badRequest(DISTRICT_CODE_INVALID);
  return code;
}
