/**
 * The routes of the statement screens (spec part 3 §2.12–§2.14, §2.21), on their own so the
 * citizen's router can name them without loading the statements' rules and wording.
 */
import { citizenPaths } from './citizen-paths';

/** The rendered statements: 1 undertaking letter, 2 inquiry record, 3 description (loss statement), 4 change inquiry record. */
export type StatementDocument = 'undertaking' | 'inquiry' | 'changeStatement' | 'changeInquiry';

const STATEMENTS = citizenPaths.statements;

/** The preview routes of the rights-information screen (part 3 §2.13), numbered as the spec numbers them. */
export const STATEMENT_PREVIEW_PATHS: Readonly<Record<StatementDocument, string>> = {
  undertaking: STATEMENTS.undertakingPreview,
  inquiry: STATEMENTS.inquiryPreview,
  changeStatement: STATEMENTS.changeStatementPreview,
  changeInquiry: STATEMENTS.changeInquiryPreview,
};
export const INQUIRY_RECORD_PATH = STATEMENTS.inquiryRecord;
export const PROPERTY_INFO_PATH = STATEMENTS.propertyInfo;
export const RIGHTS_STATEMENTS_PATH = STATEMENTS.rightsStatements;
