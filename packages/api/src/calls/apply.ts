import { z } from 'zod';
import { apilist, get } from '../define-call';
import { errcodeOnlyReply, errcodeReply, stateReply } from '../envelopes';
import { text } from '../common';
import { fieldsOf, PROPERTY_UNIT_FIELDS } from './shared/records';
import { bareRequest, userRequest } from './shared/requests';

export { ENTERPRISE_BUSINESS_REFUSED } from '../messages';

/**
 * The application flow, first half (spec part 2 §2, §3, §7): the business catalogue, starting an
 * application, reading one, the application list and deleting. None of these has a path of its
 * own in the spec, so each lives at POST /online/wx/apilist/{action}.
 */

/** An application's id (slsqId, proinstid) as the contract carries it: digits, as a string or a number. */
const applicationId = text(20);

/** A business's id (prodefid), e.g. pd-700-23. */
const prodefid = text(64);

/** The appointment flag: '1' an appointment-only application, '0' online; a number from a form is accepted too. */
const appointmentFlag = text(1).pipe(z.enum(['0', '1']));

// ── Catalogue ─────────────────────────────────────────────────────────────────────────────

/** A business type of /sel: its name, the range (dylx) that selects its businesses, and its image. */
export const businessType = z.object({ examplename: z.string(), examplerange: z.string(), imgpath: z.string() });
export type BusinessType = z.infer<typeof businessType>;

/** A business of /selapp (prodef); its djlx and qllx pick the fill screens, yhlx '1' is an enterprise business. */
export const prodef = z.object({
  id: z.string(),
  prodef_name: z.string(),
  yhlx: z.string(),
  djlx: z.string(),
  qllx: z.string(),
  code: z.string(),
});
export type Prodef = z.infer<typeof prodef>;

/** A parent category with its businesses (ProdefParent). */
export const prodefParent = z.object({ Id: z.string(), Prodef_name: z.string(), Prodefs: z.array(prodef) });
export type ProdefParent = z.infer<typeof prodefParent>;

/** One field of the property-unit form (fwxx): isfillin '1' required, '0' optional; label is its Chinese name. */
export const unitFieldRequirement = z.object({ field: z.string(), isfillin: z.string(), label: z.string() });
export type UnitFieldRequirement = z.infer<typeof unitFieldRequirement>;

/**
 * getApplyTitle's data: the unit form's fields, whether the business has obligors (ywr '1' or '0'),
 * and the titles of the obligor and rights-holder panels (e.g. 抵押人 and 抵押权人 for a mortgage).
 */
export const applyTitle = z.object({
  fwxx: z.array(unitFieldRequirement),
  ywr: z.string(),
  ywrAlias: z.string(),
  qlrAlias: z.string(),
});
export type ApplyTitle = z.infer<typeof applyTitle>;

/** The dictionaries of the fill screens (getList). */
export const DICTIONARY_TYPES = ['ZJLX', 'CZFS', 'JGDW', 'SFHBZS', 'CQLY', 'DYFS'] as const;
export type DictionaryType = (typeof DICTIONARY_TYPES)[number];

export const dictionaryItem = z.object({ code: z.string(), text: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItem>;

// ── Applications ──────────────────────────────────────────────────────────────────────────

/** Review opinions (pro_slxmsh): of the cadastral-survey review and of the acceptance review; '' when none. */
export const reviewOpinions = z.object({ sh_qjdc_yj: z.string(), sh_xmsl_yj: z.string() });

/**
 * An application as the list and the detail pages read it (proinst). Times are YYYY-MM-DD HH:mm:ss
 * (Asia/Shanghai): prostart when created, tjsj when submitted ('' before). prolsh is null until the
 * hall accepts the case; slbh is the application number given at creation.
 */
export const applicationSummary = z.object({
  id: z.string(),
  name: z.string(),
  prolsh: z.string().nullable(),
  slbh: z.string(),
  prodefid: z.string(),
  djlx: z.string(),
  djlx_name: z.string(),
  qllx: z.string(),
  areaname: z.string(),
  /** The district the application is filed in; areacode carries the same code. */
  areacode: z.string(),
  xzqdm: z.string(),
  /** -1 not submitted; 0 pending; 10, 20, 30 passed; 11, 21 rejected. */
  shzt: z.number(),
  appointment: z.string(),
  /** '1' bookable, '2' booking slip viewable, '0' neither. */
  kyy: z.string(),
  pro_slxmsh: reviewOpinions,
  prostart: z.string(),
  tjsj: z.string(),
  /** The applicant's name, from the profile. */
  user_name: z.string(),
  /** The holding method of the rights information, '' while none is saved. */
  czfs: z.string(),
});
export type ApplicationSummary = z.infer<typeof applicationSummary>;

/** A person on an application (sqr): sqr_lx 0 rights holder, 1 obligor, 10 mortgagee; qzzt '1' signed. */
export const applicant = z.object({
  sqr_id: z.string(),
  sqr_lx: z.string(),
  sqr_name: z.string(),
  sqr_tel: z.string(),
  sqr_zjlx: z.string(),
  sqr_zjh: z.string(),
  sqr_adress: z.string(),
  sqr_qt_dlr_name: z.string(),
  sqr_qt_zjh: z.string(),
  sqr_qt_zjlx: z.string(),
  sqr_qt_tel: z.string(),
  sqr_qt_fr_name: z.string(),
  sqr_qt_fr_zjh: z.string(),
  sqr_qt_fr_zjlx: z.string(),
  sqr_qt_fr_tel: z.string(),
  iscqr: z.string(),
  sqr_gyfs: z.string(),
  sqr_gyfe: z.string(),
  qzzt: z.string(),
});
export type Applicant = z.infer<typeof applicant>;

/** A property unit of an application. */
export const propertyUnit = z.object(fieldsOf(PROPERTY_UNIT_FIELDS, z.string()));
export type PropertyUnit = z.infer<typeof propertyUnit>;

/**
 * One rights record of an application: its savetype (2 pre-notation, 3 mortgage, 4 cancellation,
 * 99 rights info) and its fields as saved (czfs, dyfs, BDCZMH …).
 */
export const rightsRecord = z.object({ id: z.string(), savetype: z.string() }).catchall(z.string());
export type RightsRecord = z.infer<typeof rightsRecord>;

/** getApply's data: the application, its persons, units and rights records, with czfs and xzqdm repeated at the top. */
export const applicationDetail = z.object({
  proinst: applicationSummary,
  sqrs: z.array(applicant),
  units: z.array(propertyUnit),
  qlxxInfo: z.array(rightsRecord),
  czfs: z.string(),
  xzqdm: z.string(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

/** The tabs of /prodoing by name, in display order (packages/domain review.ts REVIEW_TABS). */
export const APPLICATION_LIST_TABS = ['notSubmitted', 'pending', 'passed', 'rejected'] as const;

/** One tab of the application list: which it is, its title, the status standing for it, and its items newest first. */
export const applicationListTab = z.object({
  tab: z.enum(APPLICATION_LIST_TABS),
  index: z.number(),
  label: z.string(),
  status: z.number(),
  items: z.array(applicationSummary),
});
export type ApplicationListTab = z.infer<typeof applicationListTab>;

/** getApplyCode's data: the new application's id, its business and its application number. */
export const applyCodeResult = z.object({ proinstid: z.string(), prodefid: z.string(), slbh: z.string() });
export type ApplyCodeResult = z.infer<typeof applyCodeResult>;

export const applyCalls = {
  /** The business types of /sel. */
  getApplyType: apilist('getApplyType', bareRequest, errcodeReply(z.array(businessType))),
  /**
   * The businesses of a district (its city's too) for /selapp, grouped by parent category; dylx
   * narrows them to one business type. Every business is listed with its yhlx, so the app can stop
   * an enterprise business for an individual account (spec part 2 §4); yhlx is accepted as sent.
   */
  initSel: apilist(
    'initSel',
    bareRequest.extend({
      xzqdm: text(12),
      dylx: text(32).optional(),
      yhlx: text(4).optional(),
      sfqy: text(4).optional(),
    }),
    errcodeReply(z.object({ selList: z.array(prodefParent) })),
  ),
  /** The session user's kind: usertype '0' individual, '1' enterprise. */
  getUserType: apilist('getUserType', userRequest, errcodeReply(z.object({ usertype: z.string() }))),
  /** The unit form's fields and the panel titles of a business. */
  getApplyTitle: apilist('getApplyTitle', bareRequest.extend({ prodefid }), errcodeReply(applyTitle)),
  /** The items of one dictionary (ZJLX, CZFS, JGDW, SFHBZS, CQLY, DYFS). */
  getList: apilist('getList', bareRequest.extend({ type: text(32) }), errcodeReply(z.object({ items: z.array(dictionaryItem) }))),
  /**
   * Starts an application of a business for the session user. errcode 02 (请完善用户信息) when the
   * profile is incomplete, 03 (您未实名认证，请实名认证后再办理业务) when not verified; an enterprise
   * business is refused for an individual account.
   */
  /** xzqdm: the place the citizen chose (/seladd), kept as the application's 申请地点; it must be the business's region or lie within it. */
  getApplyCode: apilist(
    'getApplyCode',
    userRequest.extend({ prodefid, name: text(200).optional(), appointment: appointmentFlag.default('0'), xzqdm: text(12).optional() }),
    errcodeReply(applyCodeResult),
  ),
  /** One application of the session user with everything under it; another's answers 查询无数据. */
  getApply: apilist('getApply', userRequest.extend({ slsqId: applicationId }), errcodeReply(applicationDetail)),
  /**
   * The session user's applications by tab, each tab newest first (by submission, else creation).
   * status (a tab's status: -1, 0, 10, 11; any shzt selects its tab) answers that tab alone;
   * yytype keeps only applications with that appointment flag.
   */
  getApplyList: apilist('getApplyList', userRequest.extend({ status: text(4).optional(), yytype: appointmentFlag.optional() }), errcodeReply(z.object({ lists: z.array(applicationListTab) }))),
  /** Deletes one of the session user's applications that is not submitted or was rejected, with everything under it. */
  deleteApply: apilist('deleteApply', userRequest.extend({ proinstid: applicationId }), errcodeOnlyReply),
  /**
   * The 受理回执 of a submitted application, for its owner: a PDF the hall signs (number, business,
   * applicants masked, materials given, submission time, next steps, a QR code to the progress query).
   * Not submitted, another citizen's or missing: the state envelope with the reason.
   */
  applicationReceipt: get('/online/public/apply/receipt', z.object({ slsqId: applicationId }), z.union([z.instanceof(Blob), stateReply(z.never())]), { binary: true }),
} as const;
