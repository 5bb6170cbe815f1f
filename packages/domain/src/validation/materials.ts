/** Materials to upload (spec part 2 §5, §8; part 3 §8). */
import { VALIDATION_MESSAGES as M } from './messages';

export interface MaterialInput {
  name: string;
  /** "是" means required. */
  required?: string | null;
  /** pro_attachment */
  attachments?: readonly unknown[] | null;
}

/** Upload Next: the first required material (required === "是") without an attachment. */
export function validateMaterials(materials: readonly MaterialInput[]): string | null {
  const missing = materials.find((material) => material.required === '是' && (material.attachments?.length ?? 0) === 0);
  return missing ? M.materialMissing(missing.name) : null;
}
