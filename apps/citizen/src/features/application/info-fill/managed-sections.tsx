import { errcodeOk, type ApplicationDetail, type ApplyTitle, type PropertyUnit } from '@hall/api/browser';
import { canAddRightsInfo, showsMortgageAddButton, showsMortgageTable, showsRightsTable, showsUnitTable, type FillSection, type InfoFillScreen } from '@hall/domain';
import { showConfirm } from '@hall/ui';
import { Button } from 'antd-mobile';
import { ActionSheet } from '../../../components/action-sheet';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { InfoTable } from '../../../components/info-table';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../../stores/session';
import { type FillQuery, personSection, rightsSection, visibleSections } from './fill-layout';
import './info-fill.css';

export const CONFIRM_DELETE = '确定执行删除操作？';
export const DELETE_FAILED = '删除失败';
const UNIT_TITLE = '不动产单元信息';

/** One row's manage sheet: 查看/修改, 删除 (after 确定执行删除操作？), 取消. */
interface ManagedRow {
  label: string;
  edit: () => void;
  remove: () => Promise<string | null>;
}

/**
 * The server check before the upload (spec part 2 §4, §8): true when it passes; otherwise its errmsg
 * in an alert titled 提示 and false.
 */
export async function passesApplicationCheck(openid: string, applicationId: string): Promise<boolean> {
  return submitWithFeedback(async () => {
    const reply = await api.check({ openid, proinstid: applicationId });
    return errcodeOk(reply) ? null : reply.errmsg || '校验失败';
  });
}

/**
 * A fill screen's sections (persons by role, units, rights) with each row's manage sheet: the
 * information-fill screens of part 2 and the transfer and certificate-change screens of part 3 show
 * the same tables. onChanged reloads the application after a delete.
 */
export function ManagedFillSections({ onChanged, ...props }: Omit<SectionsProps, 'onManage'> & { onChanged: () => void | Promise<void> }) {
  const [managed, setManaged] = useState<ManagedRow | null>(null);

  async function removeManaged(row: ManagedRow) {
    setManaged(null);
    if (!(await showConfirm(CONFIRM_DELETE, { title: '提示' }))) return;
    // A refused delete is alerted and the application reloaded all the same; only a failed request stops there.
    let answered = false;
    await submitWithFeedback(
      async () => {
        const failure = await row.remove();
        answered = true;
        return failure;
      },
      { loading: '删除中' },
    );
    if (answered) await onChanged();
  }

  return (
    <>
      <FillSections {...props} onManage={setManaged} />
      <ActionSheet
        visible={managed !== null}
        actions={[
          { key: 'edit', text: '查看/修改' },
          { key: 'delete', text: '删除', danger: true },
        ]}
        cancelText="取消"
        onAction={(action) => {
          const row = managed;
          if (!row) return;
          if (action.key === 'edit') {
            setManaged(null);
            row.edit();
          } else void removeManaged(row);
        }}
        onClose={() => setManaged(null)}
      />
    </>
  );
}

interface SectionsProps {
  screen: InfoFillScreen;
  detail: ApplicationDetail;
  title: ApplyTitle;
  query: FillQuery;
  onManage: (row: ManagedRow) => void;
}

function FillSections({ screen, detail, title, query, onManage }: SectionsProps) {
  const navigate = useNavigate();
  const openid = useSession((s) => s.user?.openid ?? '');
  const sections = visibleSections(screen, detail, title);
  const common = { slsqId: query.applicationId, djlx: query.djlx, qllx: query.qllx, appointment: query.appointment, code: query.code };

  const manageRemove = async (call: () => Promise<{ errcode: string; errmsg?: string | undefined }>) => {
    const reply = await call();
    return errcodeOk(reply) ? null : reply.errmsg || DELETE_FAILED;
  };

  function render(section: FillSection): ReactNode {
    switch (section) {
      case 'obligor':
      case 'obligee':
      case 'mortgagee': {
        const { title: name, kind: type, rows } = personSection(section, detail, title);
        return (
          <Section key={section} title={name} addLabel={`添加${name}`} onAdd={() => navigate(href(paths.infoPerson, { type, id: '', ...common }))}>
            <Table
              label={name}
              head={['序', '姓名', '联系方式', '管理']}
              rows={rows.map((person, index) => ({
                key: person.sqr_id,
                cells: [String(index + 1), person.sqr_name, person.sqr_tel],
                manage: {
                  label: person.sqr_name,
                  edit: () => navigate(href(paths.infoPerson, { type, id: person.sqr_id, ...common })),
                  remove: () => manageRemove(() => api.delPerson({ openid, proinstid: query.applicationId, sqrid: person.sqr_id })),
                },
              }))}
              onManage={onManage}
            />
          </Section>
        );
      }
      case 'unit': {
        const units: PropertyUnit[] = showsUnitTable(detail.units) ? detail.units : [];
        return (
          <Section key={section} title={UNIT_TITLE} addLabel="添加不动产单元" onAdd={() => navigate(href(paths.infoDyxxinfo, { id: '', ...common }))}>
            <Table
              label={UNIT_TITLE}
              head={['序', '不动产单元号', '坐落', '管理']}
              rows={units.map((unit, index) => ({
                key: unit.id,
                cells: [String(index + 1), unit.bdcdyh, unit.zl],
                manage: {
                  label: unit.bdcdyh,
                  edit: () => navigate(href(paths.infoDyxxinfo, { id: unit.id, ...common })),
                  remove: () => manageRemove(() => api.delReleasteInfo({ openid, proinstid: query.applicationId, fwxxid: unit.id })),
                },
              }))}
              onManage={onManage}
            />
            {/* The registration's certificate query (/bdcqzQuery, spec part 3 §2.9) finds the unit and carries it in. */}
            <Link
              className="hall-info-fill__query-link"
              to={href(paths.bdcqzQuery, { djlx: query.djlx, qllx: query.qllx, slbh: detail.proinst.prolsh, id: query.applicationId, appointment: query.appointment, code: query.code })}
            >
              按不动产权证号查询并带入单元
            </Link>
          </Section>
        );
      }
      case 'preNotationRights':
      case 'mortgageRights': {
        const rights = rightsSection(section, detail);
        const isMortgage = section === 'mortgageRights';
        const value = rights.method;
        const shown = isMortgage ? showsMortgageTable(value) : showsRightsTable(value);
        const canAdd = isMortgage ? showsMortgageAddButton(screen, value) : canAddRightsInfo(value);
        const edit = (id: string) => navigate(href(rights.editPath, { id, ...common }));
        return (
          <Section key={section} title={rights.title} addLabel={`添加${rights.title}`} onAdd={canAdd ? () => edit(rights.record?.id ?? '') : undefined}>
            <Table
              label={rights.title}
              head={['序', rights.methodHead, '管理']}
              rows={
                shown && rights.record
                  ? [
                      {
                        key: rights.record.id,
                        cells: ['1', rights.methodLabel],
                        manage: {
                          label: rights.title,
                          edit: () => edit(rights.record?.id ?? ''),
                          remove: () => manageRemove(() => api.delQlxxInfo({ openid, proinstid: query.applicationId, savetype: rights.savetype })),
                        },
                      },
                    ]
                  : []
              }
              onManage={onManage}
            />
          </Section>
        );
      }
      default:
        return null;
    }
  }

  return (
    <>
      <p className="hall-info-fill__name">{detail.proinst.name}</p>
      {sections.map(render)}
    </>
  );
}

function Section({ title, addLabel, onAdd, children }: { title: string; addLabel: string; onAdd?: (() => void) | undefined; children: ReactNode }) {
  return (
    <section className="hall-card hall-info-fill__section" aria-label={title}>
      <div className="hall-info-fill__section-head">
        <h2 className="hall-card__title">{title}</h2>
        {onAdd ? (
          <Button size="mini" color="primary" fill="outline" onClick={onAdd} aria-label={addLabel}>
            添加
          </Button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

interface TableRow {
  key: string;
  cells: string[];
  manage: ManagedRow;
}

function Table({ label, head, rows, onManage }: { label: string; head: string[]; rows: TableRow[]; onManage: (row: ManagedRow) => void }) {
  return (
    <InfoTable
      label={label}
      head={head}
      rows={rows.map((row) => (
        <tr key={row.key}>
          {row.cells.map((cell, index) => (
            <td key={index}>{cell}</td>
          ))}
          <td>
            <button type="button" className="hall-info-fill__manage" aria-haspopup="dialog" aria-label={`管理${row.manage.label}`} onClick={() => onManage(row.manage)}>
              管理
            </button>
          </td>
        </tr>
      ))}
    />
  );
}
