/**
 * The public surface of `@hall/api`, what other teams build on (see README.md, "What is stable"):
 * the contract, the typed client, the reply checks and the type of every call's body and reply.
 * A call's schemas are reached through `contract[name].body` and `.reply`; the hall's own server and
 * apps import more from `@hall/api/internal` and `@hall/api/browser`, which are not published.
 */
export { contract, type CallName, type Contract } from './contract';
export type { CallBody, CallDefinition, CallReply } from './define-call';
export { createHallClient, type CallInput, type CallOutput, type HallClient, type HallClientOptions } from './client';
export * from './session-lost';
export * from './reply-helpers';
// The records of the calls, as types: what a reply carries and what a form sends.
export type { AppInfo, AuthorizeMessage, HallUser, MenuGroup } from './calls/session';
export { WEB_SIGN_IN_METHODS } from './calls/web-sign-in';
export * from './oidc-sign-in';
export type { ProfileForm, ProfileFormData } from './calls/profile';
export type { Article, ArticleListItem, ArticleType, CityRegion, CommonQuestion, FeedbackItem, Guide, ProgressResult } from './calls/content';
export type { CertificateQueryForm, QueryCity, QueryRecordDetail, QueryRecordItem, QueryRecordKindCode } from './calls/queries';
export type { HallStatistics } from './calls/admin';
export type {
  Applicant,
  ApplicationDetail,
  ApplicationListTab,
  ApplicationSummary,
  ApplyCodeResult,
  ApplyTitle,
  BusinessType,
  DictionaryItem,
  DictionaryType,
  Prodef,
  ProdefParent,
  PropertyUnit,
  RightsRecord,
  UnitFieldRequirement,
} from './calls/apply';
export type { ApplicantSave, ApplicationMaterial, MaterialAttachment, RightsSave, UnitSave } from './calls/apply-fill';
export type { AppointmentArea, AppointmentCalendar, AppointmentOrder, AppointmentProcess, AppointmentSlot, ServiceSite } from './calls/appointments';
export type { AppointmentListEntry } from './calls/appointment-list';
export type { ApplicantSignature, GuaranteePreview, StatementBundle, StatementFields, StatementHouse, StatementTemplate } from './calls/statements';
export type { ReviewApplicationDetail, ReviewDecisionItem, ReviewQueue, ReviewQueueItem } from './calls/review';
export type { ArchiveProperty, ArchiveQueryForm, ArchiveRecordDetail, ArchiveRecordItem, PropertyQueryForm, PropertyQueryResult } from './calls/archive-query';
export type { QueueBusiness, QueueCompany, QueueConfigItem, QueueDayItem, QueueDayNumbers, QueueGroup, QueueNews, QueueOrder, QueueTimeNumbers } from './calls/queue';
export type { QueueBoard, QueueBoardNumber, QueueCallState, QueueDisplayCall, QueueSettingsGroup, QueueSettingsHall } from './calls/queue-calling';
export type { DownloadFile } from './calls/downloads';
export type { MapConfig } from './calls/sites';
export type { AuditEntry, OperatorAccount, OperatorProfile } from './calls/operators';
export type { DurationFigures, HallStatisticsReport } from './calls/statistics';
export type { InboxFeedbackDetail, InboxFeedbackItem } from './calls/feedback-inbox';
export type { CitizenMessage, FailedDelivery, NotifyChannels, SendingFigures } from './calls/notifications';
export type { EnteredCertificate, EnteredUnit, FulfilmentAnswer, FulfilmentItem, FulfilmentKind, FulfilmentRecord } from './calls/fulfilment';
export type { AffectedBooking, BusinessSlots, ConsoleSite, MoveTarget, MoveTargetOption, SiteSettings, SlotSettingInput, SpecialDay } from './calls/appointment-settings';
export type { CatalogueBusiness, CatalogueList, CataloguePair, ServedSite } from './calls/hall-setup';
export type { CounterDay, DayBooking } from './calls/counter-day';
export type {
  ArticleStatus,
  CatalogueMaterial,
  ConsoleArticle,
  ConsoleArticleItem,
  ConsoleBanner,
  ConsoleDownload,
  ConsoleGuide,
  ConsoleMenu,
  ConsoleMenuGroup,
  ConsoleQuestion,
  MapSetting,
  ServiceSiteDetails,
} from './calls/content-console';
