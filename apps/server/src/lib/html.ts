/** Escapes text for HTML the server writes itself (the simulator pages). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What every stand-in page says first: nothing on it is real (docs/architecture.md §12). */
export const DEMO_NOTICE = '演示模式：本页面为模拟页面，仅供演示和测试，不连接真实的微信、人脸核身或短信服务。';

/**
 * A plain phone-sized page in the hall's look, for the stand-ins of demo mode, which says that it is one;
 * `standIn: false` for a page of the hall itself (a download link's answer).
 */
export function simplePage(title: string, body: string, { standIn = true }: { standIn?: boolean } = {}): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#1f2329}
header{background:#057a44;color:#fff;padding:14px 16px;font-size:17px}
main{padding:16px}
.card{background:#fff;border-radius:10px;padding:14px 16px;margin-bottom:12px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
.hint{color:#5c6370;font-size:13px;line-height:1.6}
.demo{background:#fff4e5;color:#7a4100;border-bottom:1px solid #f0c78a;padding:10px 16px;font-size:14px;line-height:1.5}
button,.btn{display:block;width:100%;box-sizing:border-box;border:0;border-radius:8px;padding:12px;font-size:16px;margin-top:10px;background:#057a44;color:#fff;text-align:center;text-decoration:none;cursor:pointer}
button.secondary{background:#fff;color:#1f2329;border:1px solid #dcdfe6}
button.danger{background:#c62f2f}
label{display:block;font-size:14px;margin:10px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #dcdfe6;border-radius:6px;font-size:16px}
</style></head><body><header>${escapeHtml(title)}</header>${standIn ? `<p class="demo" role="note">${DEMO_NOTICE}</p>` : ''}<main>${body}</main></body></html>`;
}
