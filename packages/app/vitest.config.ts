import { withPreset } from '@hall/vitest-config';

export default withPreset({});
