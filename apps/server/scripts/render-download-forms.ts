// Renders the demo download forms of src/seed/downloads.ts into assets/downloads (run with tsx when a form changes).
import { writeFile } from 'node:fs/promises';
import { DEMO_DOWNLOADS, downloadAssetPath } from '../src/seed/downloads';
import { renderBlankForm } from '../src/documents/blank-form';

for (const download of DEMO_DOWNLOADS) {
  const bytes = await renderBlankForm(download.form);
  await writeFile(downloadAssetPath(download.asset), bytes);
  console.log(`${download.asset}: ${bytes.length} bytes`);
}
