import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MediaDisplay, type MediaItemView } from './MediaDisplay';

const uuid = '3f1c1d2e-0000-4000-8000-000000000001';
const image: MediaItemView = { id: uuid, type: 'image', url: `/api/media/file/${uuid}`, width: 1024, height: 1536 };

describe('MediaDisplay', () => {
  it('reserves the image’s aspect ratio while it loads, then shows it', () => {
    const { container } = render(<MediaDisplay item={image} />);
    const frame = container.firstElementChild as HTMLElement;
    expect(frame.style.aspectRatio).toBe('1024 / 1536');
    expect(frame).toHaveAttribute('aria-busy', 'true');
    fireEvent.load(screen.getByAltText('Generated image'));
    expect(frame).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the full picture over its thumbnail with the given alt text, and opens on click or keyboard', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const { container } = render(<MediaDisplay item={{ ...image, thumbnailUrl: '/thumb.webp', alt: 'Lemon tart on marble' }} onOpen={onOpen} />);
    const picture = screen.getByAltText('Lemon tart on marble');
    // A stretched thumbnail is blurred: the thread loads the picture itself, the thumbnail shows behind it meanwhile.
    expect(picture).toHaveAttribute('src', `/api/media/file/${uuid}`);
    expect((container.firstElementChild as HTMLElement).style.backgroundImage).toBe('url("/thumb.webp")');
    const button = screen.getByRole('button', { name: 'Lemon tart on marble' });
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('retries with a cache-busting URL up to 3 times, then says Max retries reached', async () => {
    const user = userEvent.setup();
    render(<MediaDisplay item={image} />);
    const picture = screen.getByAltText('Generated image');
    for (let retry = 1; retry <= 3; retry += 1) {
      fireEvent.error(picture);
      expect(screen.getByText('Image failed to load')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(picture).toHaveAttribute('src', `/api/media/file/${uuid}?retry=${retry}`);
      expect(screen.queryByText('Image failed to load')).not.toBeInTheDocument();
    }
    fireEvent.error(picture);
    expect(screen.getByText('Image failed to load')).toBeInTheDocument();
    expect(screen.getByText('Max retries reached')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('plays video with controls and the server poster', () => {
    const { container } = render(<MediaDisplay item={{ id: uuid, type: 'video', url: `/api/media/file/${uuid}` }} onOpen={() => undefined} />);
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('poster', `/api/media/file/${uuid}?variant=poster`);
    fireEvent.error(video as HTMLVideoElement);
    expect(screen.getByText('Video failed to load')).toBeInTheDocument();
  });

  it('shows music as a compact player card', () => {
    const { container } = render(<MediaDisplay item={{ id: uuid, type: 'audio', url: '/song.mp3' }} />);
    expect(screen.getByText('Music')).toBeInTheDocument();
    expect(container.querySelector('audio')).toHaveAttribute('controls');
    fireEvent.error(container.querySelector('audio') as HTMLAudioElement);
    expect(screen.getByText('Audio failed to load')).toBeInTheDocument();
  });

  it('explains a missing URL or an unknown type', () => {
    const { rerender } = render(<MediaDisplay item={{ ...image, url: '' }} />);
    expect(screen.getByText('No media URL provided')).toBeInTheDocument();
    rerender(<MediaDisplay item={{ ...image, type: 'text' as MediaItemView['type'] }} />);
    expect(screen.getByText('Unsupported media type')).toBeInTheDocument();
  });
});
