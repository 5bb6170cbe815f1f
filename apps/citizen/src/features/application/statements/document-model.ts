import type { ApplicantSignature, GuaranteePreview, StatementBundle } from '@hall/api/browser';
import { CHANGE_RECORD_QUESTIONS, INQUIRY_QUESTIONS, STATEMENT_DOCUMENT_TITLES, datePartsOf, withInquiryDefaults, type DateParts, type StatementDocument } from '@hall/domain';

/** One block of a rendered statement: a paragraph, a labelled line, or a question and its answer. */
export type DocumentBlock = { kind: 'paragraph'; text: string } | { kind: 'field'; label: string; value: string } | { kind: 'qa'; question: string; answer: string };

/** A statement as both the screen and the picture draw it. */
export interface DocumentModel {
  title: string;
  blocks: DocumentBlock[];
  /** The signers, each with their signature image (a data: URL, '' while unsigned). */
  signers: { name: string; image: string }[];
  signLabel: string;
  /** The application date, from today (part 3 §2.15). */
  date: DateParts;
}

const BLANK = '＿＿＿＿';
const orBlank = (value: string | undefined) => (value && value.trim() ? value.trim() : BLANK);

/** Today's date parts in the hall's time zone (Asia/Shanghai), as the documents are dated. */
export function todayParts(now = new Date()): DateParts {
  const text = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return datePartsOf(text);
}

function dateText(parts: DateParts): string {
  return parts.year ? `${parts.year}年${parts.month}月${parts.day}日` : `${BLANK}年${BLANK}月${BLANK}日`;
}

export interface DocumentSource {
  bundle: StatementBundle;
  signatures: readonly ApplicantSignature[];
  /** The guarantee preview (htpreview_wx), for the undertaking letter. */
  guarantee?: GuaranteePreview | undefined;
  /** The applicants shown as signers when no signature names them (the case's persons). */
  applicantNames: readonly string[];
}

function signersOf(source: DocumentSource): DocumentModel['signers'] {
  if (source.signatures.length > 0) return source.signatures.map((row) => ({ name: row.sqrxm, image: row.qzxx }));
  return source.applicantNames.map((name) => ({ name, image: '' }));
}

function houseBlocks(source: DocumentSource): DocumentBlock[] {
  const house = source.bundle.houseInfo;
  return [
    { kind: 'field', label: '不动产权证号', value: orBlank(house.qzh) },
    { kind: 'field', label: '不动产单元号', value: orBlank(house.bdcdyh) },
    { kind: 'field', label: '坐落', value: orBlank(house.zl) },
  ];
}

/**
 * The undertaking letter (具结书) as the guarantee-statement preview shows it (part 3 §2.15): the
 * holder, the certificate number, the date of death in parts from swsj, the signature and the
 * application date from today.
 */
function undertaking(source: DocumentSource, today: DateParts): DocumentModel {
  const jus = source.bundle.jusInfo;
  const guarantee = source.guarantee;
  const death = datePartsOf(jus.swsj);
  const name = guarantee?.buyer_compactBuyer_Name || source.applicantNames[0] || '';
  const signers = guarantee?.buyer_qzinfo ? [{ name, image: guarantee.buyer_qzinfo }] : signersOf(source).slice(0, 1);
  return {
    title: STATEMENT_DOCUMENT_TITLES.undertaking,
    blocks: [
      { kind: 'field', label: '具结人', value: orBlank(name) },
      { kind: 'field', label: '不动产权证号', value: orBlank(guarantee?.qzh || source.bundle.houseInfo.qzh) },
      { kind: 'field', label: '坐落', value: orBlank(jus.zl || source.bundle.houseInfo.zl) },
      {
        kind: 'paragraph',
        text: `具结人保证：向不动产登记机构提交的《${orBlank(jus.clmc)}》真实、合法、有效；被继承人已于${dateText(death)}死亡，具结人所述继承事实属实，不存在隐瞒其他继承人或遗嘱等情形。`,
      },
      { kind: 'paragraph', text: '如有虚假，具结人愿承担由此产生的一切法律责任，并赔偿因此给他人造成的损失。' },
    ],
    signers,
    signLabel: '具结人（签字）',
    date: today,
  };
}

/** A questioning record: its questions and answers, the closing line and every signer. */
function recordDocument(document: StatementDocument, source: DocumentSource, today: DateParts, blocks: DocumentBlock[]): DocumentModel {
  return {
    title: STATEMENT_DOCUMENT_TITLES[document],
    blocks: [...blocks, { kind: 'paragraph', text: '以上问询内容经本人确认无误，所答属实。' }],
    signers: signersOf(source),
    signLabel: '被询问人（签字）',
    date: today,
  };
}

/** The inquiry record (问询记录) with the preview's defaults (part 3 §4). */
function inquiry(source: DocumentSource, today: DateParts): DocumentModel {
  const record = withInquiryDefaults(source.bundle.recordInfo);
  return recordDocument('inquiry', source, today, [
    ...houseBlocks(source),
    ...INQUIRY_QUESTIONS.filter((item) => item.field !== 'zl').map((item) => ({ kind: 'qa' as const, question: item.question, answer: record[item.field] || '无' })),
  ]);
}

/** The description of a certificate change (遗失及换证说明), from the questioning record (changecqzInfo). */
function changeStatement(source: DocumentSource, today: DateParts): DocumentModel {
  const change = source.bundle.changecqzInfo;
  const names = signersOf(source)
    .map((signer) => signer.name)
    .filter(Boolean)
    .join('、');
  return {
    title: STATEMENT_DOCUMENT_TITLES.changeStatement,
    blocks: [
      {
        kind: 'paragraph',
        text: `本人${orBlank(names)}，系坐落于${orBlank(change.zl || source.bundle.houseInfo.zl)}的不动产的权利人（继承人），原不动产权证书（证明）号为${orBlank(change.twostr || source.bundle.houseInfo.qzh)}。`,
      },
      { kind: 'paragraph', text: `因${orBlank(change.thstr)}，现申请换发不动产权证书。遗失声明已于${orBlank(change.sevstr)}刊登，原证书自声明之日起作废。` },
      { kind: 'paragraph', text: '本人对以上说明的真实性负责，如有不实，愿承担相应的法律责任。特此说明。' },
    ],
    signers: signersOf(source),
    signLabel: '说明人（签字）',
    date: today,
  };
}

/** The questioning record of a certificate change (换证问询记录), the share in percent. */
function changeInquiry(source: DocumentSource, today: DateParts): DocumentModel {
  const change = source.bundle.changecqzInfo;
  return recordDocument(
    'changeInquiry',
    source,
    today,
    CHANGE_RECORD_QUESTIONS.map((item) => {
      const value = change[item.field] ?? '';
      const answer = item.field === 'fostr' && value.trim() ? `${value.trim()}%` : value;
      return { kind: 'qa' as const, question: item.question, answer: orBlank(answer || (item.field === 'zl' ? source.bundle.houseInfo.zl : '')) };
    }),
  );
}

const BUILDERS: Readonly<Record<StatementDocument, (source: DocumentSource, today: DateParts) => DocumentModel>> = {
  undertaking,
  inquiry,
  changeStatement,
  changeInquiry,
};

export function buildDocument(document: StatementDocument, source: DocumentSource, today: DateParts = todayParts()): DocumentModel {
  return BUILDERS[document](source, today);
}

export function documentDateText(model: DocumentModel): string {
  return dateText(model.date);
}
