import { z } from 'zod';
import { apilist, get } from '../define-call';
import { errcodeOnlyReply, errcodeReply } from '../envelopes';
import { text } from '../common';
import { bareRequest } from './shared/requests';

/**
 * The data-download list (spec part 3 §2.19, §3 "Download file", §7 "Sites, lists and downloads"):
 * the forms and samples a citizen can download, and the download itself by file name.
 */

/**
 * A downloadable file: fileName names it (and is what the download asks for), fileAlias is its
 * title; url is the download address of that name (downloadHref).
 */
export const downloadFile = z.object({ fileName: z.string(), fileAlias: z.string(), url: z.string() });
export type DownloadFile = z.infer<typeof downloadFile>;

export const DOWNLOAD_PATH = '/online/platform/cms/file/index_download';

/** The address that downloads a file of the list. */
export function downloadHref(fileName: string): string {
  return `${DOWNLOAD_PATH}?name=${encodeURIComponent(fileName)}`;
}

export const downloadCalls = {
  /**
   * The files of a district (xzqdm; every district's shared files too), searchValue matching the
   * title or the file name literally. Empty: errcode 01 with the text the app shows as its empty row.
   */
  getZlxzList: apilist('getZlxzList', bareRequest.extend({ xzqdm: text(12).optional(), searchValue: text(100).optional() }), errcodeReply(z.array(downloadFile))),
  /** The stored file of that name with its Chinese name in Content-Disposition; an unknown name answers 404. */
  downloadFile: get(DOWNLOAD_PATH, bareRequest.extend({ name: text(200) }), errcodeOnlyReply, { binary: true }),
} as const;
