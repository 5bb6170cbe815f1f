import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleIcon } from '../testing/fixtures';
import { MaterialThumbnails, MaterialViewer, type MaterialThumbnailsProps, type MaterialViewerState } from './material-pictures';

const pictures = [sampleIcon('document', '#1f5fbf'), sampleIcon('certificate', '#2f9e6f')];

const meta = {
  title: 'Data/MaterialThumbnails',
  component: MaterialThumbnails,
  args: { name: '身份证明', pictures, onOpen: fn() },
} satisfies Meta<typeof MaterialThumbnails>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A submitted application's pictures: each opens the viewer. */
export const ReadOnly: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '查看身份证明第2张' }));
    await expect(args.onOpen).toHaveBeenCalledWith(1);
  },
};

/** The upload screen: a delete icon on each picture and the add button. */
export const Editable: Story = { args: { onDelete: fn(), onAdd: fn() } };

/** The thumbnails with their viewer, as a page puts them together. */
function ThumbnailsWithViewer(args: MaterialThumbnailsProps) {
  const [viewing, setViewing] = useState<MaterialViewerState | null>(null);
  return (
    <>
      <MaterialThumbnails {...args} onOpen={(index) => setViewing({ pictures: args.pictures, index })} />
      <MaterialViewer state={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

export const WithViewer: Story = { render: (args) => <ThumbnailsWithViewer {...args} /> };
