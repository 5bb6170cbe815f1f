import { describe, expect, it } from 'vitest';
import { auditActionText, auditFieldText, auditTargetText, auditValueText, htmlAsText, operatorOf } from './audit-actions';

const operators = new Map([[5, { displayName: '周审核', username: 'zhou.review' }]]);

describe('the audit trail in words', () => {
  it('names every action the hall writes, the content console’s by verb and thing', () => {
    expect(auditActionText('article.publish')).toBe('发布文章');
    expect(auditActionText('queue.call')).toBe('叫号');
    expect(auditActionText('banner.create')).toBe('新增轮播图');
    expect(auditActionText('queue.group.delete')).toBe('删除取号业务分组');
    expect(auditActionText('catalogue.business.update')).toBe('修改网上申请业务');
    expect(auditActionText('site.rename')).toBe('改名服务网点');
    expect(auditActionText('unknown.thing')).toBe('其他操作');
  });

  it('names fields in Chinese', () => {
    expect(['publishedAt', 'title', 'callState', 'status'].map(auditFieldText)).toEqual(['发布时间', '标题', '叫号状态', '状态']);
  });

  it('shows values by the domain’s names, by the action they belong to', () => {
    expect(auditValueText('status', 'draft', 'article.publish')).toBe('草稿');
    expect(auditValueText('status', 'published', 'article.publish')).toBe('已发布');
    expect(auditValueText('callState', 'waiting', 'queue.call')).toBe('待办理');
    expect(auditValueText('callState', 'called', 'queue.call')).toBe('已叫号');
    expect(auditValueText('status', 0, 'feedback.reply')).toBe('待回复');
    expect(auditValueText('status', 1, 'feedback.reply')).toBe('已回复');
    expect(auditValueText('type', 'tzgg', 'article.update')).toBe('通知公告');
    expect(auditValueText('roles', ['reviewer', 'counter'])).toBe('审核员、窗口人员');
    expect(auditValueText('wechatBound', false)).toBe('否');
    expect(auditValueText('note', '')).toBe('—');
  });

  it('shows HTML as the text a reader sees, shortened', () => {
    expect(auditValueText('content', '<p>关于<strong>节假日</strong>办公&amp;取号的通知</p>', 'article.update')).toBe('关于 节假日 办公&取号的通知');
    expect(htmlAsText('<p>图</p><img src="/x.png"><script>alert(1)</script>')).toBe('图 ［图片］');
    expect(htmlAsText(`<p>${'字'.repeat(70)}</p>`)).toBe(`${'字'.repeat(60)}…`);
  });

  it('names operators and targets by display name and account', () => {
    expect(operatorOf(5, 'zhou.review', operators)).toEqual({ displayName: '周审核', username: 'zhou.review' });
    expect(operatorOf(null, 'nobody', operators)).toEqual({ displayName: null, username: 'nobody' });
    expect(auditTargetText('operator:5', operators)).toBe('账号 周审核（zhou.review）');
    expect(auditTargetText('operator:9', operators)).toBe('账号 #9');
    expect(auditTargetText('queueHall:2', operators)).toBe('取号大厅 #2');
    expect(auditTargetText('menus', operators)).toBe('首页菜单');
    expect(auditTargetText('', operators)).toBe('—');
    expect(auditTargetText('2026010100001', operators)).toBe('2026010100001');
  });
});
