import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** The 404 page: a way back to the hall. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="hall-page-center">
      <ErrorBlock status="empty" title="页面不存在" description="您访问的页面不存在或已被移除" />
      <Button color="primary" onClick={() => navigate(paths.home, { replace: true })} style={{ marginTop: 16 }}>
        返回首页
      </Button>
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { NotFoundPage as Component };
