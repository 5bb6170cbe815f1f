import type { EnteredCertificate, FulfilmentAnswer, FulfilmentRecord } from '@hall/api/browser';
import { FULFILMENT_UPLOAD_MAX_BYTES, FULFILMENT_UPLOAD_MISSING, FULFILMENT_UPLOAD_TOO_LARGE } from '@hall/api/browser';
import { isQueryRecordHighlighted } from '@hall/domain';
import { EmptyState } from '@hall/ui/empty-state';
import { FieldList } from '@hall/ui/field-list';
import { LoadingState } from '@hall/ui/load-state';
import { Button, Selector } from 'antd-mobile';
import { Input, showConfirm, showSuccess } from '@hall/ui';
import { useState } from 'react';
import { answer, loadRecord, uploadDocument, type Answered } from './fulfilment-api';
import { LoadFailure } from '../../components/load-failure';
import { registryTryFields } from './registry-tries';
import './fulfilment.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { paths } from '../../config/paths';
import { useDetailItem } from '../../components/detail-panel';
import { ReplyForm, useReply } from '../../components/reply-form';

type Mode = 'entered' | 'upload' | 'notFound';

/** The lines of a certificate, an archive line and a property unit the operator types. */
const CERTIFICATE_FIELDS = [
  ['qzh', '不动产权证号'],
  ['bdcdyh', '不动产单元号'],
  ['zl', '坐落'],
  ['yt', '用途'],
  ['mj', '面积（平方米）'],
] as const;
type Lines = Record<(typeof CERTIFICATE_FIELDS)[number][0], string>;
const ARCHIVE_EXTRA = [
  ['dyxx', '抵押情况'],
  ['cfxx', '查封情况'],
] as const;
type ArchiveLine = Lines & { dyxx: string; cfxx: string };

const emptyLines = (qzh = ''): ArchiveLine => ({ qzh, bdcdyh: '', zl: '', yt: '', mj: '', dyxx: '', cfxx: '' });

function TextField({ id, label, value, onChange, placeholder }: { id: string; label: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  return (
    <div className="fulfilment-field">
      <label htmlFor={id}>{label}</label>
      <Input id={id} value={value} onChange={onChange} placeholder={placeholder ?? `请输入${label}`} clearable />
    </div>
  );
}

/** The certificate lines (and, for an archive line, its mortgages and seizures). */
function LinesForm({ prefix, lines, extra, onChange }: { prefix: string; lines: ArchiveLine; extra: boolean; onChange: (next: ArchiveLine) => void }) {
  const fields = extra ? [...CERTIFICATE_FIELDS, ...ARCHIVE_EXTRA] : CERTIFICATE_FIELDS;
  return (
    <div className="fulfilment-grid">
      {fields.map(([key, label]) => (
        <TextField
          key={key}
          id={`${prefix}-${key}`}
          label={label}
          value={lines[key]}
          placeholder={key === 'dyxx' || key === 'cfxx' ? '无则不填' : undefined}
          onChange={(value) => onChange({ ...lines, [key]: value })}
        />
      ))}
    </div>
  );
}

const certificateOf = (lines: ArchiveLine): EnteredCertificate => ({ qzh: lines.qzh, bdcdyh: lines.bdcdyh, zl: lines.zl, yt: lines.yt, mj: lines.mj });

/**
 * The answer of a pending record. Everything typed (and the file chosen) stays whatever goes wrong,
 * across the three ways of answering too; the problem shows above the button.
 */
function AnswerForm({ record, onAnswered }: { record: FulfilmentRecord; onAnswered: (next: FulfilmentRecord) => void }) {
  const documentKind = record.kind === 'zs' || record.kind === 'dzzz';
  const [mode, setMode] = useState<Mode>('entered');
  const [certificate, setCertificate] = useState<ArchiveLine>(() => emptyLines(record.qzh));
  const [archive, setArchive] = useState<ArchiveLine[]>(() => [emptyLines()]);
  const [file, setFile] = useState<File | null>(null);
  const { problem, setProblem, busy, run: send } = useReply();
  // A problem shown belongs to what was sent; an edit starts over.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setProblem(null);
    };

  const modes = [
    { label: record.kind === 'archive' ? '填写结果' : '填写证书', value: 'entered' as const },
    ...(documentKind ? [{ label: '上传PDF', value: 'upload' as const }] : []),
    { label: '未查到', value: 'notFound' as const },
  ];

  const run = (answering: () => Promise<Answered>) =>
    send(async () => {
      const outcome = await answering();
      if ('problem' in outcome) return outcome.problem;
      onAnswered(outcome.record);
      return null;
    });

  async function submit() {
    if (mode === 'notFound') {
      const confirmed = await showConfirm('确定答复该查询“未查到”吗？答复后市民将看到查询结果，不能再修改。', { title: '答复未查到' });
      if (confirmed) await run(() => answer(record.id, { type: 'notFound' }));
      return;
    }
    if (mode === 'upload') {
      if (!file) return setProblem(FULFILMENT_UPLOAD_MISSING);
      if (file.size > FULFILMENT_UPLOAD_MAX_BYTES) return setProblem(FULFILMENT_UPLOAD_TOO_LARGE);
      return run(() => uploadDocument(record.id, file));
    }
    const given: FulfilmentAnswer =
      record.kind === 'archive'
        ? { type: 'archive', properties: archive.map((line) => ({ ...certificateOf(line), bdcqzh: line.qzh, dyxx: line.dyxx, cfxx: line.cfxx })) }
        : record.kind === 'property'
          ? { type: 'property', unit: { bdcdyh: certificate.bdcdyh, zl: certificate.zl, yt: certificate.yt, mj: certificate.mj, mortgages: [] } }
          : { type: 'certificate', certificate: certificateOf(certificate) };
    await run(() => answer(record.id, given));
  }

  return (
    <section className="console-section" aria-label="答复">
      <h2>答复查询</h2>
      <Selector
        className="fulfilment-modes"
        columns={modes.length}
        options={modes}
        value={[mode]}
        onChange={(values) => {
          if (values[0]) setMode(values[0]);
          setProblem(null);
        }}
      />
      {mode === 'entered' && record.kind !== 'archive' && (
        <>
          <p className="console-muted">
            权利人：{record.ownerName}（{record.ownerIdcard}），按市民查询的权利人出具{documentKind ? '，系统生成证明并加盖电子签章' : ''}
          </p>
          <LinesForm prefix="certificate" lines={certificate} extra={false} onChange={edited(setCertificate)} />
        </>
      )}
      {mode === 'entered' && record.kind === 'archive' && (
        <>
          <p className="console-muted">
            权利人：{record.ownerName}（{record.ownerIdcard}）名下的不动产登记记录，每套一条
          </p>
          {archive.map((line, index) => (
            <div key={index} className="console-card" role="group" aria-label={`第${index + 1}条记录`}>
              <h3>第{index + 1}条记录</h3>
              <LinesForm prefix={`archive-${index}`} lines={line} extra onChange={edited((next: ArchiveLine) => setArchive(archive.map((old, at) => (at === index ? next : old))))} />
              {archive.length > 1 && (
                <Button size="small" fill="none" color="danger" onClick={() => setArchive(archive.filter((_, at) => at !== index))}>
                  删除这条
                </Button>
              )}
            </div>
          ))}
          <Button size="small" fill="outline" onClick={() => setArchive([...archive, emptyLines()])}>
            再加一条
          </Button>
        </>
      )}
      {mode === 'upload' && (
        <div className="fulfilment-field">
          <label htmlFor="fulfilment-file">证明文件（PDF，不超过{FULFILMENT_UPLOAD_MAX_BYTES / 1024 / 1024}MB）</label>
          <input
            id="fulfilment-file"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
          <p className="console-muted">上传后系统将加盖本中心电子签章，市民打开的是签章后的文件。</p>
        </div>
      )}
      {mode === 'notFound' && <p className="console-muted">市民将看到“未查到”。请确认已在登记系统中核实。</p>}
      <ReplyForm
        problem={problem}
        busy={busy}
        danger={mode === 'notFound'}
        submitLabel={mode === 'notFound' ? '答复未查到' : mode === 'upload' ? '上传并答复' : '生成并答复'}
        onSubmit={() => void submit()}
      />
    </section>
  );
}

/** 查询详情: who asked what, and the answer (or the form to give one). */
export function FulfilmentDetailPage() {
  const { id, back: backToList } = useDetailItem(paths.fulfilment.list);
  const loaded = useConsoleRemote(() => loadRecord(id), [id]);
  const record = (!loaded.loading && loaded.data) || null;

  return (
    <ConsolePage className="fulfilment-page" title="查询详情" onBack={backToList} onRefresh={loaded.reload}>
      {loaded.loading && <LoadingState />}
      <LoadFailure loaded={loaded} missing="未找到该查询" onBack={backToList} />
      {record && (
        <>
          <section className="console-section" aria-label="查询信息">
            <h2>{record.kindLabel}</h2>
            <FieldList
              fields={[
                ['查询人', record.citizenName || '未填写'],
                ['查询人证件号', record.citizenIdcard || '未填写'],
                ...record.asked.map((line): [string, string] => [line.label, line.value]),
                ['提交时间', record.askedAt],
                ['状态', record.stateMsg || (record.pending ? '查询中' : '')],
                ...(record.pending ? registryTryFields(record) : []),
              ]}
            />
          </section>
          {record.pending ? (
            <AnswerForm
              record={record}
              onAnswered={(next) => {
                showSuccess(isQueryRecordHighlighted(next.state) ? '已答复，市民可查看结果' : '已答复未查到');
                backToList();
              }}
            />
          ) : (
            <EmptyState description={`该查询已答复：${record.stateMsg}`} hint="无需再办理" />
          )}
        </>
      )}
    </ConsolePage>
  );
}
export { FulfilmentDetailPage as Component };
