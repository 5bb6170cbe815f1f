import { MAP_ATTRIBUTION_MAX_LENGTH, type MapSetting } from '@hall/api/browser';
import { Button, Form } from 'antd-mobile';
import { Input, showSuccess } from '@hall/ui';
import { FormError, useFormSubmit } from '../../../components/form-submit';
import { api } from '../../../lib/hall';
import { dataOrThrow, refusalOf } from '../shared/content-api';
import { LoadStatus } from '../../../components/load-status';
import '../shared/content-forms.css';
import { ConsolePage } from '../../../components/console-page';
import { useConsoleRemote } from '../../../lib/use-console-remote';

/** 地图设置 (系统管理员): which tile service the service-site map loads on citizens' phones, or none. */
export function MapSettingPage() {
  const loaded = useConsoleRemote(async () => dataOrThrow(await api.getMapSetting({})), []);
  const { busy, error, run } = useFormSubmit(async (values: MapSetting) => {
    const refused = refusalOf(await api.saveMapSetting({ tileUrl: values.tileUrl ?? '', attribution: values.attribution ?? '' }), '保存失败，请稍后重试');
    if (!refused) showSuccess('保存成功，市民端服务网点地图已更新');
    return refused;
  });
  return (
    <ConsolePage className="content-page" title="地图设置">
      <LoadStatus loaded={loaded} />
      {loaded.data && (
        <section className="console-section" aria-label="地图设置">
          <h2>服务网点地图</h2>
          <Form
            layout="vertical"
            initialValues={loaded.data}
            onFinish={(values: MapSetting) => void run(values)}
            footer={
              <Button block type="submit" color="primary" loading={busy}>
                保存
              </Button>
            }
          >
            <Form.Item name="tileUrl" label="地图瓦片地址" description="以 https:// 开头，含 {z}、{x}、{y} 占位，例如 https://地图服务商/{z}/{x}/{y}.png；留空则不显示地图，只列出地址">
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="attribution" label="地图版权说明" description="显示在地图角落，按服务商要求填写">
              <Input maxLength={MAP_ATTRIBUTION_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          </Form>
          <FormError message={error} />
        </section>
      )}
    </ConsolePage>
  );
}
export { MapSettingPage as Component };
