import { render, screen, within } from '@testing-library/react';
import { message } from '../test/messages';
import { MessageList } from './MessageList';

function renderList(count: number) {
  const messages = Array.from({ length: count }, (_, i) => message({ id: `m${i}`, content: `Message ${i}` }));
  render(
    <div style={{ height: 600 }}>
      <MessageList messages={messages} renderMessage={(m) => <p>{m.content}</p>} hasOlder={false} loadingOlder={false} onLoadOlder={() => undefined} />
    </div>,
  );
  return within(screen.getByRole('log', { name: 'Conversation' })).getAllByRole('listitem');
}

describe('MessageList', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders every message up to 200', () => {
    expect(renderList(200)).toHaveLength(200);
  });

  it('renders only the visible rows beyond 200', () => {
    // jsdom has no layout: give the scroller a height so there is something to show.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
    const rows = renderList(260);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(40);
  });

  it('offers older messages', () => {
    const onLoadOlder = vi.fn();
    render(<MessageList messages={[message()]} renderMessage={(m) => <p>{m.content}</p>} hasOlder loadingOlder={false} onLoadOlder={onLoadOlder} />);
    screen.getByRole('button', { name: 'Load earlier messages' }).click();
    expect(onLoadOlder).toHaveBeenCalled();
  });
});
