import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { queryKeys } from '@/api/queryKeys';
import { renderWithApp } from '@/test/render';
import type { Storyboard } from '@/api/types';
import type { ViewerEntry } from '../logic/thread';
import { ChatMediaViewer } from './ChatMediaViewer';

const id = '3f1c1d2e-0000-4000-8000-000000000007';
const entry: ViewerEntry = {
  messageId: 'm1',
  media: { id, type: 'image', url: `/api/media/file/${id}`, thumbnailUrl: null, alt: 'Amber bottle', width: 1024, height: 1024, creditCost: 1 },
};

function renderViewer(shown: ViewerEntry = entry) {
  const { media } = shown;
  return renderWithApp(
    <ChatMediaViewer
      entries={[shown]}
      items={[{ id: media.id, type: media.type, url: media.url, alt: 'Amber bottle', width: 1024, height: 1024 }]}
      index={0}
      onIndexChange={vi.fn()}
      onClose={vi.fn()}
      projectId="p1"
      sceneId="s1"
      animateCost="5 credits"
      animateShortfall={null}
      onAnimate={vi.fn()}
      onEdited={vi.fn()}
    />,
  );
}

describe('ChatMediaViewer', () => {
  it('disables Edit image with the reason when the balance cannot pay for an edit', async () => {
    const { queryClient } = renderViewer();
    act(() => queryClient.setQueryData(queryKeys.credits, { balance: 0 }));
    const edit = await screen.findByRole('button', { name: /^Edit image/ });
    expect(edit).toBeDisabled();
    expect(edit).toHaveTextContent('Needs 1 credit — you have 0');
    act(() => queryClient.setQueryData(queryKeys.credits, { balance: 3 }));
    expect(edit).toBeEnabled();
    expect(edit).toHaveTextContent(/^Edit image$/);
  });

  it('offers Export on a video, as a reel with the campaign’s music', async () => {
    const videoId = '3f1c1d2e-0000-4000-8000-000000000008';
    const musicId = '3f1c1d2e-0000-4000-8000-000000000009';
    const video: ViewerEntry = { messageId: 'm2', media: { ...entry.media, id: videoId, type: 'video', url: `/api/media/file/${videoId}` } };
    const { queryClient } = renderViewer(video);
    const music = { id: musicId, file_type: 'audio', created_at: 'not a date' };
    act(() =>
      queryClient.setQueryData(queryKeys.storyboard('p1'), {
        scenes: [{ id: 's1', media: [{ id: videoId, file_type: 'video', created_at: 'not a date' }, music] }],
        unassigned_media: [],
      } as unknown as Storyboard),
    );
    expect(screen.queryByRole('button', { name: /^Edit image/ })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    const sheet = await screen.findByRole('dialog', { name: 'Export a reel with music' });
    expect(within(sheet).getByLabelText('Music')).toHaveValue(musicId);
    expect(within(sheet).getByRole('option', { name: 'Music 1' })).toBeInTheDocument();
    expect(within(sheet).getByRole('checkbox', { name: /Reel \(9:16\)/ })).toBeChecked();
  });
});
