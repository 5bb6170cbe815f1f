import { DEFAULT_APPLY_REGION } from '@hall/domain';
import { EmptyState } from '@hall/ui';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HallPage } from '../../../components/hall-page';
import { RemoteList } from '../../../components/remote-view';
import { href, paths } from '../../../config/paths';
import { useSession } from '../../../stores/session';
import { api } from '../../../lib/api';
import { dataOf, useRemote } from '@hall/app';
import './business-choice.css';

/**
 * /seladd, 地区选择: the cities of the hall's application region (app info applyXzqdm, the server's
 * HALL_APPLY_XZQDM; the spec's 659000 when the hall names none), each with its districts.
 * Choosing a city or a district opens the business types of /sel for it; a city already chosen
 * is not opened a second time (a double tap while the next screen loads).
 */
export function SelectRegionPage() {
  const navigate = useNavigate();
  const [chosenCity, setChosenCity] = useState<string | null>(null);
  const region = useSession((s) => s.appInfo?.applyXzqdm) || DEFAULT_APPLY_REGION;
  const regions = useRemote(async () => dataOf(await api.getAddressList({ xzqdm: region })).cityxzq, [region]);

  const choose = (xzqdm: string) => navigate(href(paths.sel, { xzqdm }));
  const chooseCity = (xzqdm: string) => {
    if (chosenCity === xzqdm) return;
    setChosenCity(xzqdm);
    choose(xzqdm);
  };

  return (
    <HallPage title="地区选择" className="hall-choice">
      <RemoteList remote={regions} empty={<EmptyState description="暂无可选择的地区" fullPage />}>
        {(cities) => (
          <>
            <p className="hall-choice__hint">请选择办理业务的地区</p>
            {cities.map((city) => (
              <section key={city.xzqdm} className="hall-card hall-choice-city" aria-label={city.xzqmc}>
                <button
                  type="button"
                  className={chosenCity === city.xzqdm ? 'hall-choice-city__name is-chosen' : 'hall-choice-city__name'}
                  aria-current={chosenCity === city.xzqdm ? 'true' : undefined}
                  onClick={() => chooseCity(city.xzqdm)}
                >
                  <span>{city.xzqmc}</span>
                  <RightOutline aria-hidden />
                </button>
                {city.districtxzq.length > 0 ? (
                  <ul className="hall-choice-city__districts" aria-label={`${city.xzqmc}下辖区县`}>
                    {city.districtxzq.map((district) => (
                      <li key={district.xzqdm}>
                        <button type="button" className="hall-choice-district" onClick={() => choose(district.xzqdm)}>
                          {district.xzqmc}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
          </>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { SelectRegionPage as Component };
