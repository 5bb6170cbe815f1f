import { EmptyState } from '@hall/ui';
import { Collapse } from 'antd-mobile';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { api } from '../../lib/api';
import { dataOf, useRemote } from '@hall/app';
import './hall-info.css';

/** /commonQuesList: the questions citizens ask most, each opening to its answer. */
export function CommonQuestionsPage() {
  const list = useRemote(async () => dataOf(await api.getCommonQuesList({})), []);

  return (
    <HallPage title="常见问题" className="hall-info">
      <RemoteList remote={list} empty={<EmptyState description="暂无常见问题" fullPage />}>
        {(questions) => (
          <section className="hall-card hall-info__questions" aria-label="常见问题列表">
            <Collapse accordion defaultActiveKey={questions[0]?.id}>
              {questions.map((item, index) => (
                <Collapse.Panel
                  key={item.id}
                  title={
                    <span className="hall-info__question">
                      <span className="hall-info__badge" aria-hidden>
                        {index + 1}
                      </span>
                      {item.question}
                    </span>
                  }
                >
                  <p className="hall-info__answer">{item.answer}</p>
                </Collapse.Panel>
              ))}
            </Collapse>
          </section>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { CommonQuestionsPage as Component };
