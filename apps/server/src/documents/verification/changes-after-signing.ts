import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib';
import type { RevisionUpdate } from './revision-update';

/** Catalog entries a later signature or its validation data may add or change (PAdES, ISO 32000-2 §12.8). */
const CATALOG_KEYS_ALLOWED = new Set(['AcroForm', 'DSS']);
const ACROFORM_KEYS_ALLOWED = new Set(['Fields', 'SigFlags', 'DR', 'DA']);
/** Entries that filling in an empty signature field sets. */
const SIGNATURE_FIELD_KEYS_ALLOWED = new Set(['V', 'AP', 'AS', 'F', 'Lock', 'SV']);
const MAX_REPORTED = 8;

const key = (ref: PDFRef) => `${ref.objectNumber} ${ref.generationNumber}`;

/** A comparable form of an object: its syntax, and for streams the SHA-256 of the raw bytes. */
function fingerprint(object: PDFObject | undefined): string {
  if (object === undefined) return '';
  if (object instanceof PDFRawStream) return `${object.dict.toString()}#${createHash('sha256').update(object.contents).digest('hex')}`;
  return object.toString();
}

function name(dict: PDFDict, entry: string): string | undefined {
  const value = dict.get(PDFName.of(entry));
  return value instanceof PDFName ? value.decodeText() : undefined;
}

interface Comparison {
  signed: PDFDocument;
  update: RevisionUpdate;
  /** Whether a later signature covers the update, vouching for the signature fields it adds. */
  coveredByLaterSignature: boolean;
}

/**
 * What an incremental update after a signature changes in what the document shows, as plain-Chinese
 * findings (empty: nothing a reader would show differently). The rules follow the attack classes of
 * pdf-insecurity.org (incremental saving, signature wrapping, shadow hide/replace): after signing
 * only signature fields and their widgets, the AcroForm's field list, the catalog's /AcroForm and
 * /DSS and the document information may change; every cross-reference entry must point into the
 * update itself; the catalog must stay the same object; and no object the signed revision refers
 * to but lacks may appear.
 */
export function changesAfterSigning(input: Comparison): string[] {
  const { signed, update } = input;
  const findings: string[] = [];
  const add = (text: string) => {
    if (!findings.includes(text)) findings.push(text);
  };
  if (update.unreadable) add('签名后追加了无法识别的内容');

  const context = signed.context;
  const catalogRef = context.trailerInfo.Root instanceof PDFRef ? context.trailerInfo.Root : undefined;
  const infoRef = context.trailerInfo.Info instanceof PDFRef ? context.trailerInfo.Info : undefined;
  const updated = (ref: PDFRef) => update.objects.get(key(ref))?.object;
  const resolve = (object: PDFObject | undefined): PDFObject | undefined => (object instanceof PDFRef ? (updated(object) ?? context.lookup(object)) : object);

  for (const trailer of update.trailers) {
    const root = trailer.get(PDFName.of('Root'));
    if (root && (!(root instanceof PDFRef) || !catalogRef || key(root) !== key(catalogRef))) add('签名后更换了文件的目录对象（可显示完全不同的内容）');
  }
  for (const entry of update.xref) {
    if (entry.kind === 'free') {
      if (entry.objectNumber !== 0 && context.lookup(PDFRef.of(entry.objectNumber, Math.max(0, entry.generation - 1)))) add(`签名后删除了对象 ${entry.objectNumber}`);
    } else if (entry.kind === 'offset' && !hasDefinitionAt(update, entry)) {
      add(`签名后的交叉引用表把对象 ${entry.objectNumber} 指向了更新之外的位置（影子攻击）`);
    } else if (entry.kind === 'compressed' && ![...update.objects.values()].some((o) => o.ref.objectNumber === entry.at)) {
      add(`签名后的交叉引用表把对象 ${entry.objectNumber} 指向了更新之外的对象流（影子攻击）`);
    }
  }

  const pageNumbers = new Map(signed.getPages().map((page, index) => [key(page.ref), index + 1]));
  const acroFormRef = (() => {
    const catalog = catalogRef ? context.lookup(catalogRef) : undefined;
    const value = catalog instanceof PDFDict ? catalog.get(PDFName.of('AcroForm')) : undefined;
    return value instanceof PDFRef ? value : undefined;
  })();
  const listOwners = arrayOwners(signed);
  let dangling: Set<string> | undefined;

  const isSignatureField = (object: PDFObject | undefined, depth = 0): boolean => {
    const dict = resolve(object);
    if (!(dict instanceof PDFDict) || depth > 8) return false;
    if (name(dict, 'FT') === 'Sig') return true;
    return isSignatureField(dict.get(PDFName.of('Parent')), depth + 1);
  };
  const isVisible = (object: PDFObject | undefined): boolean => {
    const dict = resolve(object);
    if (!(dict instanceof PDFDict)) return false;
    const rect = resolve(dict.get(PDFName.of('Rect')));
    if (!(rect instanceof PDFArray) || rect.size() !== 4) return false;
    const [x1, y1, x2, y2] = rect.asArray().map((n) => Number(resolve(n)?.toString() ?? 0));
    return Math.abs(x2! - x1!) > 0.5 && Math.abs(y2! - y1!) > 0.5;
  };
  /** A list (annotations, fields) may only grow, and only by signature fields. */
  const checkGrowingList = (before: PDFObject | undefined, after: PDFObject | undefined, where: string) => {
    const old = resolve(before);
    const neu = resolve(after);
    if (!(neu instanceof PDFArray)) {
      if (old !== undefined) add(`${where}被删除或替换`);
      return;
    }
    const oldItems = old instanceof PDFArray ? old.asArray().map((o) => o.toString()) : [];
    const newItems = neu.asArray();
    for (const item of oldItems) if (!newItems.some((n) => n.toString() === item)) add(`${where}中有原有项目被删除`);
    for (const item of newItems) {
      if (oldItems.includes(item.toString())) continue;
      if (!isSignatureField(item)) add(`${where}新增了注释或表单项（可能遮盖或改变原有内容）`);
      else if (isVisible(item) && !input.coveredByLaterSignature) add(`${where}新增了未经后续签名确认的可见签章图案`);
    }
  };

  for (const { ref, object } of update.objects.values()) {
    const before = context.lookup(ref);
    if (before === undefined) {
      dangling ??= danglingReferences(signed);
      if (dangling.has(key(ref))) add(`签名后补入了原文件引用但缺失的对象 ${ref.objectNumber}（影子攻击）`);
      continue;
    }
    if (fingerprint(before) === fingerprint(object)) continue;
    if (infoRef && key(ref) === key(infoRef)) continue;
    const page = pageNumbers.get(key(ref));
    if (before instanceof PDFDict && object instanceof PDFDict && !(before instanceof PDFRawStream) && !(object instanceof PDFRawStream)) {
      const changed = changedKeys(before, object);
      if (catalogRef && key(ref) === key(catalogRef)) {
        for (const entry of changed) {
          if (!CATALOG_KEYS_ALLOWED.has(entry)) add(`签名后修改了文件目录的 /${entry}`);
          else if (entry === 'AcroForm' && !(object.get(PDFName.of('AcroForm')) instanceof PDFRef)) {
            checkAcroForm(resolve(before.get(PDFName.of('AcroForm'))), resolve(object.get(PDFName.of('AcroForm'))), checkGrowingList, add);
          }
        }
        continue;
      }
      if (acroFormRef && key(ref) === key(acroFormRef)) {
        checkAcroForm(before, object, checkGrowingList, add);
        continue;
      }
      if (page !== undefined) {
        for (const entry of changed) {
          if (entry === 'Annots') checkGrowingList(before.get(PDFName.of('Annots')), object.get(PDFName.of('Annots')), `第${page}页的注释`);
          else if (entry === 'Contents') add(`第${page}页的内容在签名后被替换`);
          else add(`第${page}页的 /${entry} 在签名后被修改`);
        }
        continue;
      }
      if (isSignatureField(before) && !before.has(PDFName.of('V')) && changed.every((entry) => SIGNATURE_FIELD_KEYS_ALLOWED.has(entry))) continue;
      add(`签名后修改了对象 ${ref.objectNumber}`);
      continue;
    }
    const owner = listOwners.get(key(ref));
    if (before instanceof PDFArray && object instanceof PDFArray && owner) {
      checkGrowingList(before, object, owner);
      continue;
    }
    const contentOf = contentOwners(signed).get(key(ref));
    add(contentOf ? `第${contentOf}页的内容在签名后被替换` : `签名后修改了对象 ${ref.objectNumber}`);
  }
  return findings.slice(0, MAX_REPORTED);
}

function hasDefinitionAt(update: RevisionUpdate, entry: { objectNumber: number; at: number }): boolean {
  for (const { ref, offset } of update.objects.values()) if (ref.objectNumber === entry.objectNumber && offset === entry.at) return true;
  return false;
}

function changedKeys(before: PDFDict, after: PDFDict): string[] {
  const names = new Set([...before.keys(), ...after.keys()].map((k) => k.decodeText()));
  return [...names].filter((entry) => fingerprint(before.get(PDFName.of(entry))) !== fingerprint(after.get(PDFName.of(entry))));
}

function checkAcroForm(
  before: PDFObject | undefined,
  after: PDFObject | undefined,
  checkGrowingList: (before: PDFObject | undefined, after: PDFObject | undefined, where: string) => void,
  add: (text: string) => void,
): void {
  if (!(after instanceof PDFDict)) return add('签名后删除了表单');
  const old = before instanceof PDFDict ? before : undefined;
  for (const entry of old ? changedKeys(old, after) : after.keys().map((k) => k.decodeText())) {
    if (!ACROFORM_KEYS_ALLOWED.has(entry)) add(`签名后修改了表单的 /${entry}`);
    else if (entry === 'Fields') checkGrowingList(old?.get(PDFName.of('Fields')), after.get(PDFName.of('Fields')), '表单字段');
  }
}

/** Indirect arrays the signed revision uses as a page's /Annots or the AcroForm's /Fields, by what they are. */
function arrayOwners(doc: PDFDocument): Map<string, string> {
  const owners = new Map<string, string>();
  doc.getPages().forEach((page, index) => {
    const annots = page.node.get(PDFName.of('Annots'));
    if (annots instanceof PDFRef) owners.set(key(annots), `第${index + 1}页的注释`);
  });
  const form = doc.catalog.lookup(PDFName.of('AcroForm'));
  if (form instanceof PDFDict) {
    const fields = form.get(PDFName.of('Fields'));
    if (fields instanceof PDFRef) owners.set(key(fields), '表单字段');
  }
  return owners;
}

/** Content streams of the pages, by page number, to name what a change replaced. */
function contentOwners(doc: PDFDocument): Map<string, number> {
  const owners = new Map<string, number>();
  doc.getPages().forEach((page, index) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFRef ? [contents, ...asRefs(doc.context.lookup(contents))] : asRefs(contents);
    for (const ref of refs) owners.set(key(ref), index + 1);
  });
  return owners;
}

function asRefs(object: PDFObject | undefined): PDFRef[] {
  return object instanceof PDFArray ? object.asArray().filter((o): o is PDFRef => o instanceof PDFRef) : [];
}

/** References the signed revision makes to objects it does not define: filling one in later shows new content. */
function danglingReferences(doc: PDFDocument): Set<string> {
  const dangling = new Set<string>();
  const visit = (object: PDFObject | undefined, depth: number) => {
    if (object === undefined || depth > 64) return;
    if (object instanceof PDFRef) {
      if (doc.context.lookup(object) === undefined) dangling.add(key(object));
    } else if (object instanceof PDFRawStream) visit(object.dict, depth + 1);
    else if (object instanceof PDFDict) for (const [, value] of object.entries()) visit(value, depth + 1);
    else if (object instanceof PDFArray) for (const value of object.asArray()) visit(value, depth + 1);
  };
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object, 0);
  return dangling;
}
