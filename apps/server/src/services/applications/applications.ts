import {
  ENTERPRISE_BUSINESS_REFUSED,
  NO_DATA_MESSAGE,
  type ApplicationDetail,
  type ApplicationListTab,
  type ApplicationSummary,
  type ApplyCodeResult,
  type PropertyUnit,
  type RightsRecord,
} from '@hall/api/internal';
import { REGISTRATION_TYPES, REVIEW_STATUS_TABS, REVIEW_TABS, enumLabel, isDeletableApplication, regionName, regionPath, reviewTabOf, statusRefusal } from '@hall/domain';
import { and, asc, desc, eq, getTableColumns, inArray, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { applicants, applications, businessMaterials, materialFiles, materials, propertyUnits, rightsInfo, sessions, storedFiles, users } from '../../db/schema';
import { liveSessions, sessionBatch, sessionInReadColumns } from '../session/sessions';
import { HallError, badRequest, conflict, notFound } from '../../lib/errors';
import { parseRowId } from '../../lib/row-id';
import { perDatabase, preparedStatement } from '../../db/prepared-statement';
import { sequenceNumber } from '../../lib/sequence-number';
import { formatShanghaiDate, formatShanghaiDateTime } from '../../lib/shanghai-time';
import type { FileStorage } from '../../storage/file-storage';
import { deleteStoredFiles } from '../storage/stored-files';
import type { Transaction } from '../../db/client';
import { requireBusiness } from './apply-catalogue';
import { profileState } from '../session/profile';
import { toApplicant } from './applicant-view';
import { requireUser } from '../session/users';

export type ApplicationRow = typeof applications.$inferSelect;

export const LIST_STATUS_INVALID = '查询的审核状态有误';
export const ENTERPRISE_USERTYPE = '1';
export const PLACE_NOT_OFFERED = '所选地区不办理该业务，请返回重新选择地区';

/**
 * Starts an application of a business for the session user, its materials copied from the
 * business in the same transaction. The profile must be complete (02) and verified (03), in the
 * words of validateUserInfo; an enterprise business needs an enterprise account.
 */
export async function createApplication(
  db: Database,
  openid: string,
  input: { prodefid: string; name?: string | undefined; appointment: '0' | '1'; xzqdm?: string | undefined },
): Promise<ApplyCodeResult> {
  const user = await requireUser(db, openid);
  const business = await requireBusiness(db, input.prodefid);
  const profile = profileState(user);
  if (profile.errcode === '3') throw new HallError(403, profile.errmsg, '03');
  if (profile.errcode !== '0') throw new HallError(403, profile.errmsg, '02');
  if (business.yhlx === ENTERPRISE_USERTYPE && user.usertype !== ENTERPRISE_USERTYPE) throw new HallError(403, ENTERPRISE_BUSINESS_REFUSED);
  const areaname = placeOfApplication(business, input.xzqdm);

  // slbh: SL, the Shanghai date and a serial from a database sequence shared by every server process.
  const day = formatShanghaiDate(new Date()).replaceAll('-', '');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        openid,
        prodefid: business.id,
        name: input.name?.trim() || business.prodefName,
        slbh: sequenceNumber(`SL${day}`, 'application_slbh_seq'),
        djlx: business.djlx,
        qllx: business.qllx,
        xzqdm: business.xzqdm,
        areaname,
        appointment: input.appointment,
      })
      .returning({ id: applications.id, slbh: applications.slbh });
    const required = await tx.select().from(businessMaterials).where(eq(businessMaterials.prodefId, business.id)).orderBy(asc(businessMaterials.sort), asc(businessMaterials.id));
    if (required.length > 0) {
      await tx.insert(materials).values(required.map((item) => ({ applicationId: row!.id, name: item.name, required: item.required, sort: item.sort })));
    }
    return { proinstid: String(row!.id), prodefid: business.id, slbh: row!.slbh };
  });
}

/**
 * 申请地点: the place the citizen chose, when it is the business's region or lies within it (a city's
 * business serves its districts), by its own name (石河子市, not the grouping 新疆维吾尔自治区直辖县级市);
 * without a choice, the business's. The region code stays the business's, which its rules key on.
 */
function placeOfApplication(business: { xzqdm: string; areaname: string }, chosen: string | undefined): string {
  const code = chosen?.trim();
  if (!code || code === business.xzqdm) return business.areaname;
  const path = regionPath(code);
  if (!path.some((entry) => entry.value === business.xzqdm)) throw badRequest(PLACE_NOT_OFFERED);
  return regionName(code) ?? business.areaname;
}

export function toApplicationSummary(row: ApplicationRow, userName: string): ApplicationSummary {
  return {
    id: String(row.id),
    name: row.name,
    prolsh: row.prolsh,
    slbh: row.slbh,
    prodefid: row.prodefid,
    djlx: row.djlx,
    djlx_name: enumLabel(REGISTRATION_TYPES, row.djlx) ?? '',
    qllx: row.qllx,
    areaname: row.areaname,
    areacode: row.xzqdm,
    xzqdm: row.xzqdm,
    shzt: row.shzt,
    appointment: row.appointment,
    kyy: row.kyy,
    pro_slxmsh: { sh_qjdc_yj: row.shQjdcYj, sh_xmsl_yj: row.shXmslYj },
    prostart: formatShanghaiDateTime(row.createdAt),
    tjsj: formatShanghaiDateTime(row.submittedAt),
    user_name: userName,
    czfs: row.czfs,
  };
}

function toPropertyUnit(row: typeof propertyUnits.$inferSelect): PropertyUnit {
  return {
    id: String(row.id),
    bdcqzmh: row.bdcqzmh,
    bdcdyh: row.bdcdyh,
    zl: row.zl,
    fwsyqmj: row.fwsyqmj,
    tdsyq_mj: row.tdsyqMj,
    mj_bgh: row.mjBgh,
    zgzqse: row.zgzqse,
    bdbzzqse: row.bdbzzqse,
    qdjg: row.qdjg,
    qlqssj: row.qlqssj,
    qljssj: row.qljssj,
    fwyt: row.fwyt,
    tdsyq_yt: row.tdsyqYt,
    czfs: row.czfs,
    sfhbzs: row.sfhbzs,
  };
}

function toRightsRecord(row: typeof rightsInfo.$inferSelect): RightsRecord {
  // The saved fields first, so a stored "id" or "savetype" can never stand in for the record's own.
  return { ...row.fields, id: String(row.id), savetype: row.savetype };
}

/** One of the citizen's own applications; another's or a missing one is as absent as a malformed id. */
export async function findOwnedApplication(db: Pick<Database, 'select'>, openid: string, id: string | number): Promise<ApplicationRow | null> {
  const applicationId = parseRowId(id);
  if (applicationId === null) return null;
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.openid, openid)));
  return row ?? null;
}

/** getApply: one of the citizen's applications with its persons, units and rights records. */
export async function readApplication(db: Database, openid: string, id: string | number): Promise<ApplicationDetail> {
  const row = await findOwnedApplication(db, openid, id);
  if (!row) throw notFound(NO_DATA_MESSAGE);
  const user = await requireUser(db, openid);
  return describeApplication(db, row, user.name);
}

/** An application with its persons, units and rights records, as getApply answers it; userName is its filer's. */
export async function describeApplication(db: Database, row: ApplicationRow, userName: string): Promise<ApplicationDetail> {
  const [persons, units, rights] = await Promise.all([
    db.select().from(applicants).where(eq(applicants.applicationId, row.id)).orderBy(asc(applicants.id)),
    db.select().from(propertyUnits).where(eq(propertyUnits.applicationId, row.id)).orderBy(asc(propertyUnits.id)),
    db.select().from(rightsInfo).where(eq(rightsInfo.applicationId, row.id)).orderBy(asc(rightsInfo.id)),
  ]);
  return {
    proinst: toApplicationSummary(row, userName),
    sqrs: persons.map(toApplicant),
    units: units.map(toPropertyUnit),
    qlxxInfo: rights.map(toRightsRecord),
    czfs: row.czfs,
    xzqdm: row.xzqdm,
  };
}

/** The statuses listed under each tab (10, 20 and 30 under passed …), worked out once from the domain's table: the list asks on every call. */
/** A citizen's list is short; this only bounds a runaway one. */
const LIST_LIMIT = 500;

/**
 * The list's read, prepared, with the session (a citizenReadInSession read, plugins/session.ts), for
 * the sessions of a turn: each session, its user's name and the citizen's newest applications at the
 * statuses (at most LIST_LIMIT each), newest first; with or without one appointment flag. One row
 * with no application for a session that has none.
 */
const listedRows = (name: string, withFlag: boolean) =>
  preparedStatement((db) => {
    const item = db
      .select(getTableColumns(applications))
      .from(applications)
      .where(
        and(eq(applications.openid, sessions.openid), sql`${applications.shzt} = any(${sql.placeholder('statuses')})`, withFlag ? eq(applications.appointment, sql.placeholder('yytype')) : undefined),
      )
      .orderBy(desc(sql`coalesce(${applications.submittedAt}, ${applications.createdAt})`), desc(applications.id))
      .limit(LIST_LIMIT)
      .as('item');
    return db
      .select({ session: sessionInReadColumns, userName: users.name, item: item._.selectedFields })
      .from(sessions)
      .leftJoin(users, eq(users.openid, sessions.openid))
      .leftJoinLateral(item, sql`true`)
      .where(liveSessions)
      .orderBy(desc(sql`coalesce(${item.submittedAt}, ${item.createdAt})`), desc(item.id))
      .prepare(name);
  });
const listed = listedRows('hall_list_applications_in_sessions', false);
const listedWithFlag = listedRows('hall_list_applications_flag_in_sessions', true);

export interface ApplicationListFilter {
  status?: string | undefined;
  yytype?: '0' | '1' | undefined;
}

/**
 * What a list shows: its tabs and the statuses they hold (`key` names them), worked out once for the
 * four tabs and for each one; `tabs` is null for a status that selects no tab.
 */
interface ListedTabs {
  tabs: typeof REVIEW_TABS | null;
  statuses: number[];
  key: string;
}
function tabsListing(tabs: typeof REVIEW_TABS): ListedTabs {
  const statuses = Object.entries(REVIEW_STATUS_TABS)
    .filter(([, listedUnder]) => tabs.some((info) => info.tab === listedUnder))
    .map(([status]) => Number(status));
  return { tabs, statuses, key: statuses.join(',') };
}
const ALL_TABS = tabsListing(REVIEW_TABS);
const ONE_TAB = new Map(REVIEW_TABS.map((info) => [info.tab, tabsListing([info])]));
const NO_TAB: ListedTabs = { tabs: null, statuses: [], key: '' };

/** The tabs a list shows: the four in order, or the one a status selects, or none. */
function listedTabs(filter: ApplicationListFilter): ListedTabs {
  const status = filter.status?.trim();
  if (!status) return ALL_TABS;
  const tab = reviewTabOf(status);
  return tab === null ? NO_TAB : ONE_TAB.get(tab)!;
}

/** The kind of list a filter asks for: its statuses and appointment flag. */
const listKind = (filter: ApplicationListFilter) => `${listedTabs(filter).key}|${filter.yytype ?? ''}`;

/**
 * The rows of the application list of /prodoing, read with the session. A status that selects no tab
 * reads no application: applicationTabs refuses it once the session has been checked.
 */
export function readApplicationsWithSession(db: Database, sessionId: string, filter: ApplicationListFilter) {
  const { statuses } = listedTabs(filter);
  const { yytype } = filter;
  // The requests of a turn that ask for the same statuses and flag share a statement (a handful of kinds).
  const kinds = listReads(db);
  const kind = listKind(filter);
  let read = kinds.get(kind);
  if (!read) {
    read = sessionBatch((params) => (yytype ? listedWithFlag(db).execute({ ...params, statuses, yytype }) : listed(db).execute({ ...params, statuses })));
    kinds.set(kind, read);
  }
  return read(sessionId);
}
type ListedRow = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number];
const listReads = perDatabase(() => new Map<string, (sessionId: string) => Promise<ListedRow[]>>());

/**
 * The application list of /prodoing from its rows: the four tabs in order, or the one a status
 * selects, each newest first (by submission time, else creation). yytype keeps one appointment flag.
 */
export function applicationTabs(filter: ApplicationListFilter, rows: ListedRow[]): ApplicationListTab[] {
  const { tabs } = listedTabs(filter);
  if (tabs === null) throw badRequest(LIST_STATUS_INVALID);
  const first = rows[0];
  const userName = first?.userName;
  if (userName === null || userName === undefined) throw new Error(`no user ${first?.session.openid}`);
  const items = rows.flatMap((row) => (row.item ? [row.item] : []));
  return tabs.map((info) => ({
    tab: info.tab,
    index: info.index,
    label: info.label,
    status: info.status,
    items: items.filter((row) => reviewTabOf(row.shzt) === info.tab).map((row) => toApplicationSummary(row, userName)),
  }));
}

/**
 * Deletes one of the citizen's applications that is not submitted or was rejected, with its
 * persons, units, rights records, materials and attachments, in one transaction. The row is locked
 * first, so a submit racing the delete cannot slip in between the check and the delete. Stored
 * files no longer referenced are removed from storage after the commit.
 */
export async function deleteApplication(db: Database, files: FileStorage, openid: string, id: string | number, log?: FastifyBaseLogger): Promise<void> {
  const applicationId = parseRowId(id);
  if (applicationId === null) throw notFound(NO_DATA_MESSAGE);
  const removedKeys = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: applications.id, shzt: applications.shzt })
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.openid, openid)))
      .for('update');
    if (!row) throw notFound(NO_DATA_MESSAGE);
    if (!isDeletableApplication(row.shzt)) throw conflict(statusRefusal('delete', row.shzt));
    return deleteApplicationRows(tx, openid, row.id);
  });
  for (const key of removedKeys) {
    // The rows are gone already; a file left behind is only disk space, so it is logged, not failed.
    await files.remove(key).catch((error: unknown) => log?.warn({ err: error, key }, 'could not remove a deleted application file'));
  }
}

/**
 * Deletes an application the caller has locked, with everything that hangs on it, and the owner's
 * stored files that nothing points at any more. Answers their storage keys, for the caller to remove
 * from storage once the transaction has committed (deleteApply, and the expiry of old drafts).
 */
export async function deleteApplicationRows(tx: Transaction, openid: string, applicationId: number): Promise<string[]> {
  const materialIds = tx.select({ id: materials.id }).from(materials).where(eq(materials.applicationId, applicationId));
  const attachments = await tx.select({ fileId: materialFiles.storedFileId }).from(materialFiles).where(inArray(materialFiles.materialId, materialIds));
  const signatures = await tx.select({ fileId: applicants.signatureFileId }).from(applicants).where(eq(applicants.applicationId, applicationId));
  const fileIds = [...new Set([...attachments, ...signatures].map((entry) => entry.fileId).filter((fileId): fileId is string => !!fileId))];

  await tx.delete(materialFiles).where(inArray(materialFiles.materialId, materialIds));
  await tx.delete(materials).where(eq(materials.applicationId, applicationId));
  await tx.delete(rightsInfo).where(eq(rightsInfo.applicationId, applicationId));
  await tx.delete(propertyUnits).where(eq(propertyUnits.applicationId, applicationId));
  await tx.delete(applicants).where(eq(applicants.applicationId, applicationId));
  await tx.delete(applications).where(eq(applications.id, applicationId));
  if (fileIds.length === 0) return [];
  // Only the owner's files that nothing else points at any more.
  return deleteStoredFiles(
    tx,
    and(
      eq(storedFiles.openid, openid),
      inArray(storedFiles.id, fileIds),
      notExists(tx.select({ id: materialFiles.id }).from(materialFiles).where(eq(materialFiles.storedFileId, storedFiles.id))),
      notExists(tx.select({ id: applicants.id }).from(applicants).where(eq(applicants.signatureFileId, storedFiles.id))),
    ),
  );
}

/** The citizen's case is booked, at the counter or online (kyy 2): its list now offers the slip instead of booking. */
export async function markCaseBooked(tx: Pick<Database, 'update'>, openid: string, applicationId: number): Promise<void> {
  await tx
    .update(applications)
    .set({ kyy: '2' })
    .where(and(eq(applications.id, applicationId), eq(applications.openid, openid)));
}

/** The case's counter booking was cancelled (kyy back to 1): its list offers booking again. */
export async function markCaseBookableAgain(tx: Pick<Database, 'update'>, openid: string, applicationId: number): Promise<void> {
  await tx
    .update(applications)
    .set({ kyy: '1' })
    .where(and(eq(applications.id, applicationId), eq(applications.openid, openid), eq(applications.kyy, '2')));
}
