import { IMAGE_COMPRESSION_RATIO } from '@hall/ui/constants';
import { api } from '../../../lib/api';
import { dataOf } from '@hall/app';

/** A material of an application (getUploadType's datuminstInfo): required '是' or '否'. */
export interface Material {
  id: string;
  name: string;
  required: string;
  pro_attachment: { id: string; datuminst_id: string; url: string }[];
  /** The catalogue's help for this material: what to photograph, and a sample picture's address. */
  hint?: string | undefined;
  sampleUrl?: string | undefined;
}

/** An attachment's picture: its url, the owner-only file address (/online/public/material/file?id= of the stored file). */
export function materialFileUrl(file: { url: string }): string {
  return file.url;
}

export async function loadMaterials(openid: string, slsqId: string): Promise<Material[]> {
  const data = dataOf(await api.getUploadType({ openid, slsqId, sfhqmx: '0' }));
  return data.datuminstInfo;
}

/** Draws a picked image in a canvas and answers it as JPEG base64 at the spec's quality (0.3). */
export function compressImage(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('read failed'));
    reader.onload = () => {
      const image = new Image();
      image.onerror = () => reject(new Error('decode failed'));
      image.onload = () => {
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        if (!context) return reject(new Error('no canvas'));
        // JPEG has no transparency: a white ground rather than black.
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.drawImage(image, 0, 0);
        resolve(canvas.toDataURL('image/jpeg', IMAGE_COMPRESSION_RATIO));
      };
      image.src = String(reader.result);
    };
    reader.readAsDataURL(file);
  });
}
