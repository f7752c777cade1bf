import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { queryKeys } from '@/api/queryKeys';
import { renderWithApp } from '@/test/render';
import type { ViewerEntry } from '../logic/thread';
import { ChatMediaViewer } from './ChatMediaViewer';

const id = '3f1c1d2e-0000-4000-8000-000000000007';
const entry: ViewerEntry = {
  messageId: 'm1',
  media: { id, type: 'image', url: `/api/media/file/${id}`, thumbnailUrl: null, alt: 'Amber bottle', width: 1024, height: 1024, creditCost: 1 },
};

function renderViewer() {
  return renderWithApp(
    <ChatMediaViewer
      entries={[entry]}
      items={[{ id, type: 'image', url: entry.media.url, alt: 'Amber bottle', width: 1024, height: 1024 }]}
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
});
