import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectStoriesAccessible } from '../testing/axe';
import { runStory } from '../testing/run-story';
import { FieldList } from './field-list';
import * as stories from './field-list.stories';

const all = composeStories(stories);

describe('FieldList', () => {
  it('is accessible', () => expectStoriesAccessible(all));

  it('lists every line as a term and its value, — for a blank one', async () => {
    const canvas = await runStory(all.Applicant);
    const rows = [...canvas.querySelectorAll('.hall-field-list-row')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
    expect(rows[0]).toEqual(['申请人类型', '义务人']);
    expect(rows).toContainEqual(['代理人', '—']);
    expect(canvas.querySelector('dl')).toHaveAttribute('aria-label', '申请人信息');
  });

  it('leaves out the blank lines when asked', async () => {
    const canvas = await runStory(all.FilledOnly);
    expect([...canvas.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['抵押方式', '担保范围', '被担保主债权数额']);
    expect(canvas).toHaveTextContent('80 万元');
  });

  it('says what is empty when no line is left', async () => {
    const canvas = await runStory(all.Empty);
    expect(canvas.querySelector('dl')).toBeNull();
    expect(canvas.querySelector('.hall-field-list-empty')).toHaveTextContent('未填写');
  });

  it('lays a few lines out one a line, and takes a tag for a value', async () => {
    const canvas = await runStory(all.Rows);
    expect(canvas.querySelector('dl')).toHaveClass('hall-field-list', 'hall-field-list--rows');
    expect([...canvas.querySelectorAll('dd')].map((value) => value.textContent)).toEqual(['邯郸市不动产登记中心', '2026-11-27 09:00-10:00', '已取号']);
  });

  it('passes native props through and shows its own blank mark', () => {
    const { container } = render(<FieldList fields={[['附记', '']]} blank="未填写" className="extra" data-testid="fields" />);
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass('hall-field-list', 'extra');
    expect(root).toHaveAttribute('data-testid', 'fields');
    expect(root.querySelector('dd')).toHaveTextContent('未填写');
  });
});
