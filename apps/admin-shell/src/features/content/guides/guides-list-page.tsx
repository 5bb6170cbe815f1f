import { Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/hall';
import { dataOrThrow } from '../shared/content-api';
import '../shared/content-forms.css';
import { ConsolePage } from '../../../components/console-page';
import { useConsoleRemote } from '../../../lib/use-console-remote';
import { href, paths } from '../../../config/paths';

/** 办事指南与材料: every business, with whether it has a guide and how many materials it asks for. */
export function GuidesListPage() {
  const navigate = useNavigate();
  const loaded = useConsoleRemote(async () => dataOrThrow(await api.listConsoleGuides({})).items, []);
  const items = (!loaded.loading && loaded.data) || null;
  return (
    <ConsolePage className="content-page" title="办事指南与材料" loaded={loaded}>
      {items && (
        <ul className="console-list" aria-label="业务">
          {items.map((item) => (
            <li key={item.prodefid} className="console-item">
              <button type="button" className="console-item__open" onClick={() => navigate(href(paths.content.guide, { prodefid: item.prodefid }))}>
                <span className="console-item__head">
                  <Tag color={item.hasGuide ? 'success' : 'warning'} fill="outline">
                    {item.hasGuide ? '已有指南' : '暂无指南'}
                  </Tag>
                  <span className="console-item__title">{item.prodefName}</span>
                </span>
                <span className="console-item__line">
                  办理地点：{item.areaname}；所需材料 {item.materials} 项
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}
export { GuidesListPage as Component };
