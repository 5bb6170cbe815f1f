import type { CatalogueBusiness, CatalogueList } from '@hall/api/browser';
import { LOAD_FAILED, dataOf } from '@hall/app';
import { ErrorState, LoadingState } from '@hall/ui/load-state';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { api } from '../../lib/hall';
import { runSetup } from '../../lib/run-setup';
import './hall-setup.css';
import { ConsolePage } from '../../components/console-page';
import { useConsoleRemote } from '../../lib/use-console-remote';
import { href, paths } from '../../config/paths';

type Editing = { business?: CatalogueBusiness } | null;

/** A business's form: name, registration pair (new ones only), individual or enterprise, district and order. */
function BusinessForm({ list, business, onSaved, onCancel }: { list: CatalogueList; business?: CatalogueBusiness; onSaved: () => void; onCancel: () => void }) {
  const [values, setValues] = useState({
    prodefName: business?.prodefName ?? '',
    pair: business?.pair ?? list.pairs[0]?.pair ?? '',
    yhlx: (business?.yhlx ?? '0') as '0' | '1',
    xzqdm: business?.xzqdm ?? '',
    areaname: business?.areaname ?? '',
    sort: String(business?.sort ?? list.items.length + 1),
  });
  const set = (change: Partial<typeof values>) => setValues({ ...values, ...change });
  const save = async () => {
    const saved = await runSetup(() => api.saveCatalogueBusiness({ id: business?.id, ...values, sort: Math.max(0, Math.trunc(Number(values.sort) || 0)) }));
    if (saved) onSaved();
  };
  return (
    <form
      className="catalogue-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2>{business ? `修改业务：${business.prodefName}` : '新增业务'}</h2>
      <label>
        业务名称
        <input value={values.prodefName} maxLength={100} placeholder="例如 二手房买卖转移登记" onChange={(event) => set({ prodefName: event.target.value })} />
      </label>
      <label>
        登记类型与权利类型
        <select value={values.pair} disabled={Boolean(business)} onChange={(event) => set({ pair: event.target.value })}>
          {list.pairs.map((pair) => (
            <option key={pair.pair} value={pair.pair}>
              {pair.label}（{pair.typeName}）
            </option>
          ))}
        </select>
        {business && <span className="shell-note">创建后不能更换；需要其他类型请新建业务。</span>}
      </label>
      <label>
        办理对象
        <select value={values.yhlx} onChange={(event) => set({ yhlx: event.target.value === '1' ? '1' : '0' })}>
          <option value="0">个人</option>
          <option value="1">企业</option>
        </select>
      </label>
      <label>
        行政区代码
        <input value={values.xzqdm} maxLength={6} inputMode="numeric" placeholder="6位数字，例如 130400" onChange={(event) => set({ xzqdm: event.target.value })} />
      </label>
      <label>
        办理地点名称
        <input value={values.areaname} maxLength={100} placeholder="例如 邯郸市" onChange={(event) => set({ areaname: event.target.value })} />
      </label>
      <label>
        排序
        <input type="number" inputMode="numeric" value={values.sort} onChange={(event) => set({ sort: event.target.value })} />
      </label>
      <p className="shell-note">新增后请到“办事指南与材料”填写该业务的办事指南和申请材料。</p>
      <div className="catalogue-form__actions">
        <Button onClick={onCancel}>取消</Button>
        <Button type="submit" color="primary">
          保存
        </Button>
      </div>
    </form>
  );
}

/** 业务目录: the businesses citizens can apply for online, added, changed and removed (系统管理员). */
export function CataloguePage() {
  const list = useConsoleRemote(async () => dataOf(await api.listCatalogueBusinesses({})), []);
  const [editing, setEditing] = useState<Editing>(null);
  const remove = async (business: CatalogueBusiness) => {
    const left = await runSetup(() => api.deleteCatalogueBusiness({ id: business.id }), `删除业务“${business.prodefName}”？只有从未有人申请的业务可以删除。`);
    if (left) void list.reload();
  };

  const columns: Column<CatalogueBusiness>[] = [
    { key: 'name', title: '业务名称', primary: true, render: (b) => b.prodefName, sortValue: (b) => b.prodefName },
    { key: 'kind', title: '类别', render: (b) => `${b.typeName} · ${b.categoryName}` },
    { key: 'area', title: '办理地点', render: (b) => `${b.areaname}（${b.xzqdm}）`, sortValue: (b) => b.xzqdm },
    { key: 'applications', title: '申请数', render: (b) => String(b.applications), sortValue: (b) => b.applications },
    {
      key: 'actions',
      title: '操作',
      render: (b) => (
        <span className="catalogue__actions">
          <Button size="small" onClick={() => setEditing({ business: b })} aria-label={`修改 ${b.prodefName}`}>
            修改
          </Button>
          <Link to={href(paths.content.guide, { prodefid: b.id })}>指南与材料</Link>
          <Button size="small" fill="none" color="danger" onClick={() => void remove(b)} aria-label={`删除 ${b.prodefName}`}>
            删除
          </Button>
        </span>
      ),
    },
  ];

  return (
    <ConsolePage title="业务目录" onRefresh={list.reload}>
      <div className="shell-toolbar">
        <Button color="primary" onClick={() => setEditing({})} disabled={!list.data}>
          新增业务
        </Button>
        <span className="shell-note">市民在“网上申请”中按办理地点看到这些业务；已有申请的业务不能删除。</span>
      </div>
      {list.loading && !list.data && <LoadingState />}
      {list.error !== null && <ErrorState title={LOAD_FAILED} message={list.error} onRetry={() => void list.reload()} />}
      {list.data && list.data.items.length === 0 && <p className="console-muted catalogue__empty">还没有业务，点“新增业务”添加第一项。</p>}
      {list.data && list.data.items.length > 0 && <DataTable label="业务目录" columns={columns} rows={list.data.items} rowKey={(b) => b.id} paged />}
      <Popup visible={editing !== null} onMaskClick={() => setEditing(null)} bodyClassName="catalogue__popup" destroyOnClose>
        {editing && list.data && (
          <BusinessForm
            key={editing.business?.id ?? 'new'}
            list={list.data}
            business={editing.business}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void list.reload();
            }}
          />
        )}
      </Popup>
    </ConsolePage>
  );
}
export { CataloguePage as Component };
