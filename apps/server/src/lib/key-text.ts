/** A 32-byte key written as 64 hexadecimal digits or as base64 (what `openssl rand -hex 32` or `-base64 32` print). */
export function parseKeyText(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) return Buffer.from(trimmed, 'base64');
  return null;
}
