import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectStoriesAccessible } from '../testing/axe';
import { runStory } from '../testing/run-story';
import { MaterialThumbnails, MaterialViewer, OPAQUE_VIEWER_MASK } from './material-pictures';
import * as stories from './material-pictures.stories';

const all = composeStories(stories);

describe('MaterialThumbnails and MaterialViewer', () => {
  it('are accessible', () => expectStoriesAccessible(all));

  it('draw 78-pixel squares named after the material, and nothing to change when read-only', async () => {
    const canvas = await runStory(all.ReadOnly);
    const image = canvas.querySelector('img') as HTMLImageElement;
    expect(image).toHaveAttribute('alt', '身份证明第1张');
    expect(image).toHaveAttribute('width', '78');
    expect(canvas.querySelector('.hall-material-pictures-item')).toHaveStyle({ width: '78px', height: '78px' });
    expect(canvas.querySelector('.hall-material-pictures-delete')).toBeNull();
    expect(canvas.querySelector('.hall-material-pictures-add')).toBeNull();
  });

  it('offer delete and add where the material may change', () => {
    const onDelete = vi.fn();
    const onAdd = vi.fn();
    render(<MaterialThumbnails name="户口簿" pictures={['a.png']} onOpen={() => {}} onDelete={onDelete} onAdd={onAdd} size={60} data-testid="thumbs" />);
    fireEvent.click(screen.getByRole('button', { name: '删除户口簿第1张' }));
    fireEvent.click(screen.getByRole('button', { name: '上传户口簿' }));
    expect(onDelete).toHaveBeenCalledWith(0);
    expect(onAdd).toHaveBeenCalledOnce();
    expect(screen.getByTestId('thumbs')).toHaveClass('hall-material-pictures');
    expect(screen.getByRole('img')).toHaveAttribute('height', '60');
  });

  it('open the viewer on the picture and close it with 关闭', async () => {
    const onClose = vi.fn();
    render(<MaterialViewer state={{ pictures: ['a.png', 'b.png'], index: 1 }} onClose={onClose} closeClassName="page-close" />);
    // The viewer renders into a portal on the body once it opens.
    const close = await waitFor(() => {
      const button = document.querySelector('.hall-material-pictures-close');
      expect(button).not.toBeNull();
      return button as HTMLButtonElement;
    });
    expect(close).toHaveTextContent('关闭');
    expect(close).toHaveClass('page-close');
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('lay the viewer on a backdrop of its own class, which the kit makes opaque', async () => {
    render(<MaterialViewer state={{ pictures: ['a.png'], index: 0 }} onClose={() => {}} />);
    const mask = await waitFor(() => {
      const element = document.querySelector(`.${OPAQUE_VIEWER_MASK}`);
      expect(element).not.toBeNull();
      return element as HTMLElement;
    });
    expect(mask).toHaveClass('adm-mask');
    expect(mask.querySelector('.adm-image-viewer-content')).not.toBeNull();
  });
});
