import { withPreset } from '@hall/vitest-config';

// The console's own logic (audit wording, report figures, table state); its journeys run apart.
export default withPreset({});
