import { MENU_NAME_MAX_LENGTH, MENU_REMARK_MAX_LENGTH, type ConsoleMenu, type ConsoleMenuGroup } from '@hall/api/browser';
import { Button, Form, Selector, Switch, Tag } from 'antd-mobile';
import { Input } from '@hall/ui';
import { useState } from 'react';
import { api } from '../../../lib/hall';
import { dataOrThrow } from '../shared/content-api';
import { ContentSheet, SheetForm } from '../shared/content-sheet';
import { CardActions } from '../shared/card-actions';
import { useContentList } from '../shared/use-list-actions';
import '../shared/content-forms.css';
import './menus.css';
import { ConsolePage } from '../../../components/console-page';

interface MenuValues {
  parentId: string[];
  menuname: string;
  bz: string;
  imgpath: string;
  menutype: ('click' | 'view')[];
  url: string;
  visible: boolean;
}

type Editing = { menu: ConsoleMenu | null; parentId: string | null };

const TYPE_OPTIONS = [
  { label: '应用内页面', value: 'click' as const },
  { label: '外部网址', value: 'view' as const },
];

/** A group's or a tile's fields. */
function MenuForm({ editing, groups, onSaved, onCancel }: { editing: Editing; groups: ConsoleMenuGroup[]; onSaved: () => void; onCancel: () => void }) {
  const { menu, parentId } = editing;
  const isTile = parentId !== null;
  const save = (values: MenuValues) =>
    api.saveConsoleMenu({
      ...(menu ? { id: menu.id } : {}),
      parentId: isTile ? (values.parentId?.[0] ?? parentId) : null,
      menuname: values.menuname ?? '',
      bz: values.bz ?? '',
      imgpath: values.imgpath ?? '',
      menutype: values.menutype?.[0] ?? 'click',
      url: values.url ?? '',
      visible: Boolean(values.visible),
    });
  return (
    <SheetForm
      title={`${menu ? '编辑' : '新增'}${isTile ? '菜单' : '分组'}`}
      initialValues={{
        parentId: parentId ? [parentId] : [],
        menuname: menu?.menuname ?? '',
        bz: menu?.bz ?? '',
        imgpath: menu?.imgpath ?? '',
        menutype: [menu?.menutype ?? 'click'],
        url: menu?.url ?? '',
        visible: menu?.visible ?? true,
      }}
      save={save}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      {isTile && (
        <Form.Item name="parentId" label="所属分组">
          <Selector columns={2} options={groups.map((group) => ({ label: group.menuname, value: group.id }))} />
        </Form.Item>
      )}
      <Form.Item name="menuname" label="名称" rules={[{ required: true, message: '请填写菜单名称' }]}>
        <Input maxLength={MENU_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="bz" label="备注" description="显示在名称下方的一行说明">
        <Input maxLength={MENU_REMARK_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="imgpath" label="图标地址" description="如 /online/assets/icons/apply.svg，或以 https:// 开头的图片地址">
        <Input autoComplete="off" />
      </Form.Item>
      {isTile && (
        <>
          <Form.Item name="menutype" label="打开方式">
            <Selector columns={2} options={TYPE_OPTIONS} />
          </Form.Item>
          <Form.Item name="url" label="链接" description="应用内页面填路径（如 /news），外部网址以 https:// 开头" rules={[{ required: true, message: '请填写菜单的链接或页面路径' }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </>
      )}
      <Form.Item name="visible" label="显示" valuePropName="checked" extra="隐藏后市民不再看到它；隐藏分组时其下的菜单一并隐藏">
        <Switch />
      </Form.Item>
    </SheetForm>
  );
}

function VisibleTag({ menu }: { menu: ConsoleMenu }) {
  return menu.visible ? null : (
    <Tag color="default" fill="outline">
      已隐藏
    </Tag>
  );
}

/** 菜单管理: the groups and tiles of the app's home, in order, shown or hidden (docs/architecture.md §6). */
export function MenusPage() {
  const { loaded, items: groups, busy, reorder, remove } = useContentList(async () => dataOrThrow(await api.listConsoleMenus({})).groups);
  const [editing, setEditing] = useState<Editing | null>(null);
  const move = (list: ConsoleMenu[], parentId: string | null, menu: ConsoleMenu, step: -1 | 1) =>
    reorder(
      list.map((item) => item.id),
      menu.id,
      step,
      (ids) => api.orderConsoleMenus({ parentId, ids }),
    );

  const actions = (list: ConsoleMenu[], parentId: string | null, menu: ConsoleMenu, index: number) => (
    <CardActions
      name={menu.menuname}
      index={index}
      count={list.length}
      busy={busy}
      onEdit={() => setEditing({ menu, parentId })}
      onMove={(step) => move(list, parentId, menu, step)}
      onRemove={() => void remove(menu.menuname, () => api.deleteConsoleMenu({ id: menu.id }))}
    />
  );

  return (
    <ConsolePage
      className="content-page"
      title="菜单管理"
      loaded={loaded}
      subheader={
        <div className="content-toolbar">
          <Button color="primary" size="small" onClick={() => setEditing({ menu: null, parentId: null })}>
            新增分组
          </Button>
        </div>
      }
    >
      {groups && (
        <ul className="console-list" aria-label="菜单分组">
          {groups.map((group, index) => (
            <li key={group.id} className={`content-card menu-group${group.visible ? '' : ' content-card--off'}`}>
              <div className="content-card__body">
                <span className="console-item__head">
                  <span className="console-item__title">{group.menuname}</span>
                  <VisibleTag menu={group} />
                </span>
                {group.bz && <span className="content-card__line">{group.bz}</span>}
                {actions(groups, null, group, index)}
                <ul className="menu-tiles" aria-label={`${group.menuname}的菜单`}>
                  {group.tiles.map((tile, tileIndex) => (
                    <li key={tile.id} className={`menu-tile${tile.visible ? '' : ' content-card--off'}`}>
                      {tile.imgpath && <img className="menu-tile__icon" src={tile.imgpath} alt="" />}
                      <div className="content-card__body">
                        <span className="console-item__head">
                          <span className="menu-tile__name">{tile.menuname}</span>
                          <VisibleTag menu={tile} />
                        </span>
                        <span className="content-card__line">
                          {tile.bz ? `${tile.bz} · ` : ''}
                          {tile.menutype === 'view' ? '外部网址' : '页面'}：{tile.url}
                        </span>
                        {actions(group.tiles, group.id, tile, tileIndex)}
                      </div>
                    </li>
                  ))}
                </ul>
                <Button size="small" fill="outline" color="primary" onClick={() => setEditing({ menu: null, parentId: group.id })}>
                  在“{group.menuname}”中新增菜单
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ContentSheet
        editing={editing && groups ? editing : null}
        close={() => setEditing(null)}
        reload={loaded.reload}
        render={(item, saved) => <MenuForm editing={item} groups={groups ?? []} onCancel={() => setEditing(null)} onSaved={saved} />}
      />
    </ConsolePage>
  );
}
export { MenusPage as Component };
