import { newReqseq } from '@hall/api/browser';
import { DEFAULT_APPLY_REGION } from '@hall/domain';
import { EmptyState } from '@hall/ui';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { HallPage } from '../../../components/hall-page';
import { RemoteList } from '../../../components/remote-view';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { dataOf, useRemote } from '@hall/app';
import './business-choice.css';

/** /sel?xzqdm, 业务选择: the business types, one a row with its image; a type opens its businesses in the district. */
export function BusinessTypePage() {
  const [params] = useSearchParams();
  const xzqdm = params.get('xzqdm') || DEFAULT_APPLY_REGION;
  const navigate = useNavigate();
  const types = useRemote(async () => dataOf(await api.getApplyType({})), []);

  return (
    <HallPage title="业务选择" backTo={paths.seladd} className="hall-choice">
      <RemoteList remote={types} empty={<EmptyState description="暂无可办理的业务类型" fullPage />}>
        {(items) => (
          <ul className="hall-choice-types" aria-label="业务类型">
            {items.map((type) => (
              <li key={type.examplerange}>
                <button type="button" className="hall-choice-type" onClick={() => navigate(href(paths.selapp, { reqseq: newReqseq(), xzqdm, sfqy: 1, yhlx: 0, dylx: type.examplerange }))}>
                  <img className="hall-choice-type__image" src={type.imgpath} alt="" />
                  <span className="hall-choice-type__name">{type.examplename}</span>
                  <RightOutline className="hall-choice-type__arrow" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { BusinessTypePage as Component };
