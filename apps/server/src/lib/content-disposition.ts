/** Content-Disposition for a download: an ASCII stand-in for old clients and the Chinese name (RFC 6266, RFC 5987). */
export function attachmentHeader(fileName: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(fileName)?.[0] ?? '';
  return `attachment; filename="download${extension}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The file name a Content-Disposition header gives in its filename* (RFC 5987), or null. */
export function dispositionFileName(header: string | undefined): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}
