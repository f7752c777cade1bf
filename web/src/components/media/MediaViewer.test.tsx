import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { MediaItemView } from './MediaDisplay';
import { MediaViewer, type MediaViewerProps } from './MediaViewer';

const ids = ['3f1c1d2e-0000-4000-8000-000000000001', '3f1c1d2e-0000-4000-8000-000000000002', '3f1c1d2e-0000-4000-8000-000000000003'];
const items: MediaItemView[] = [
  { id: ids[0] ?? null, type: 'image', url: `/api/media/file/${ids[0]}`, alt: 'First' },
  { id: ids[1] ?? null, type: 'image', url: `/api/media/file/${ids[1]}`, alt: 'Second' },
  { id: ids[2] ?? null, type: 'video', url: `/api/media/file/${ids[2]}` },
];

function Harness(props: Partial<MediaViewerProps>) {
  const [index, setIndex] = useState(0);
  return <MediaViewer items={items} index={index} onIndexChange={setIndex} onClose={() => undefined} {...props} />;
}

describe('MediaViewer', () => {
  it('is a dialog titled Media viewer with a counter and a download link', () => {
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Media viewer' })).toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByAltText('First')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/media/download/${ids[0]}`);
  });

  it('cycles with the arrow keys and wraps around both ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByAltText('Second')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
  });

  it('cycles with the previous and next buttons', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('closes on Escape and with the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close viewer' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders the caller’s actions for the current item', async () => {
    const user = userEvent.setup();
    const renderActions = vi.fn((item: MediaItemView) => <button type="button">Edit {item.alt}</button>);
    render(<Harness renderActions={renderActions} />);
    expect(screen.getByRole('button', { name: 'Edit First' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Edit Second' })).toBeInTheDocument();
    expect(renderActions).toHaveBeenLastCalledWith(items[1], 1);
  });

  it('with a stage: shows it instead, does not cycle, and Escape leaves the stage rather than closing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onEscapeStage = vi.fn();
    render(<Harness onClose={onClose} onEscapeStage={onEscapeStage} stage={<p>Editing</p>} />);
    expect(screen.getByText('Editing')).toBeInTheDocument();
    expect(screen.queryByAltText('First')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onEscapeStage).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
