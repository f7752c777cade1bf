import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jobOutcomeStore } from '@/lib/events';
import { renderWithApp } from '@/test/render';
import { BRIEF, createFakeChatServer } from '../test/fakeChatServer';
import { ChatTab, type ChatTabProps } from './ChatTab';

const IMAGE_ID = '9f1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

function renderChat(props: Partial<ChatTabProps> = {}) {
  return renderWithApp(
    <div style={{ height: 800 }}>
      <ChatTab
        projectId="p1"
        sceneId="s1"
        sceneSettings={{ quality: 'medium', resolution: '1024x1536', duration: 5 }}
        referenceImages={[{ id: 'r1', url: '/api/media/file/r1' }]}
        referenceImagePanel={<div>Reference panel</div>}
        onRemoveReferenceImage={() => undefined}
        toolbar={<button type="button">Style preset</button>}
        {...props}
      />
    </div>,
  );
}

/** Sends the usual request and waits for the assistant's brief; answers the conversation log. */
async function askForBrief(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Amber perfume on marble{Enter}');
  const log = screen.getByRole('log', { name: 'Conversation' });
  await within(log).findByText(BRIEF.refined_image_prompt);
  return log;
}

describe('ChatTab', () => {
  // Job outcomes are kept app-wide; each test starts with none.
  beforeEach(() => jobOutcomeStore.clear());

  it('sends with Enter, shows the brief, and generates the image from it', async () => {
    const server = createFakeChatServer();
    server.install();
    const user = userEvent.setup();
    renderChat();

    const input = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(input, 'Amber perfume on marble{Enter}');

    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Amber perfume on marble')).toBeInTheDocument();
    expect(await within(log).findByText(BRIEF.refined_image_prompt)).toBeInTheDocument();
    expect(within(log).getByTestId('brief')).toHaveTextContent(BRIEF.refined_image_prompt);
    expect(within(log).getByText(BRIEF.additional_comments)).toBeInTheDocument();
    expect(input).toHaveValue('');

    const send = server.state.calls.find((call) => call.path === '/api/chat/send');
    expect(send?.body).toEqual({
      project_id: 'p1',
      scene_id: 's1',
      message: 'Amber perfume on marble',
      context: { pre_production_settings: { quality: 'medium', resolution: '1024x1536', duration: '5s' } },
      reference_images: ['r1'],
    });
    // The assistant's suggestions replace the sample prompts.
    expect(screen.getByRole('button', { name: 'Make it warmer' })).toBeInTheDocument();

    await user.click(within(log).getByRole('button', { name: /Generate Image/ }));
    await waitFor(() => expect(server.state.calls.some((call) => call.path.startsWith('/api/chat/generate/'))).toBe(true));
    const generate = server.state.calls.find((call) => call.path.startsWith('/api/chat/generate/'));
    const answer = server.state.messages.find((m) => m.role === 'assistant');
    expect(generate?.path).toBe(`/api/chat/generate/${answer?.id}`);
    expect(generate?.body).toEqual({ project_id: 'p1', media_type: 'image', settings: { quality: 'medium', resolution: '1024x1536', duration: '5' } });
    expect(await within(log).findByText('Generating image…', { selector: 'span.sr-only' })).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /Generate Image/ })).not.toBeInTheDocument();

    // The job completes on the live stream: the thread refreshes with the new image.
    const job = server.state.jobs[0];
    if (!job) throw new Error('no job started');
    server.completeJob(job.id, { id: IMAGE_ID, type: 'image' });
    await act(async () =>
      jobOutcomeStore.record({
        event_id: null,
        job_id: job.id,
        kind: 'image',
        status: 'completed',
        progress: 100,
        stage: null,
        project_id: 'p1',
        scene_id: 's1',
        message_id: answer?.id ?? null,
        asset: { id: IMAGE_ID, url: `/api/media/file/${IMAGE_ID}`, thumbnail_url: null, file_type: 'image', credit_cost: 1 },
        error: null,
      }),
    );
    expect(await within(log).findByRole('img', { name: 'Amber perfume bottle' })).toBeInTheDocument();
    expect(within(log).queryByText('Generating image…', { selector: 'span.sr-only' })).not.toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Animate this' })).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Good result' })).toBeInTheDocument();
  });

  it('shows the typing indicator until a slow answer is done', async () => {
    const server = createFakeChatServer();
    server.state.slowReplies = true;
    server.install();
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Amber perfume on marble{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('The assistant is writing…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(await within(log).findByText(BRIEF.refined_image_prompt, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(log).queryByText('The assistant is writing…')).not.toBeInTheDocument();
    expect(server.state.calls.some((call) => call.path.startsWith('/api/chat/status/'))).toBe(true);
  });

  it('says Insufficient credits when a generation is refused for credits', async () => {
    const server = createFakeChatServer();
    server.install();
    const user = userEvent.setup();
    renderChat();
    const log = await askForBrief(user);
    const answer = server.state.messages.find((m) => m.role === 'assistant');
    server.state.failures.set(`POST /api/chat/generate/${answer?.id}`, { status: 402, code: 'insufficient_credits', message: 'Insufficient credits' });
    await user.click(within(log).getByRole('button', { name: /Generate Video/ }));
    expect(await screen.findByText('Insufficient credits')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: /Generate Video/ })).toBeInTheDocument();
  });

  it('offers three retries of a failed video, then a different prompt', async () => {
    const server = createFakeChatServer();
    server.install();
    const user = userEvent.setup();
    renderChat();
    const log = await askForBrief(user);
    const failLatestJob = async () => {
      await waitFor(() => expect(server.state.jobs.length).toBeGreaterThan(0));
      const job = server.state.jobs.at(-1);
      if (!job) throw new Error('no job');
      await act(async () =>
        jobOutcomeStore.record({
          event_id: null,
          job_id: job.id,
          kind: 'video',
          status: 'failed',
          progress: null,
          stage: null,
          project_id: 'p1',
          scene_id: 's1',
          message_id: job.messageId,
          asset: null,
          error: 'The engine is busy',
        }),
      );
    };

    await user.click(within(log).getByRole('button', { name: /Generate Video/ }));
    await failLatestJob();
    expect(
      await within(log).findByText('Video generation failed. This could be due to server load, content policy, or an invalid prompt.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to generate video: The engine is busy')).toBeInTheDocument();
    for (const attempt of [1, 2, 3]) {
      const jobsBefore = server.state.jobs.length;
      await user.click(await within(log).findByRole('button', { name: `Retry (${attempt}/3)` }));
      await waitFor(() => expect(server.state.jobs.length).toBe(jobsBefore + 1));
      await failLatestJob();
    }
    expect(await within(log).findByText('Maximum retries reached. Try a different prompt.')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Edit Prompt' }));
    expect(within(log).getByRole('textbox')).toHaveValue(BRIEF.refined_video_prompt);
    expect(
      server.state.calls.filter((call) => call.path.startsWith('/api/chat/generate/')).map((call) => (call.body as { media_type: string }).media_type),
    ).toEqual(['video', 'video', 'video', 'video']);
  });

  it('asks what went wrong on a poor result, then thanks the seller', async () => {
    const server = createFakeChatServer();
    const user = server.message({ role: 'user', content: 'Amber perfume' });
    const answer = server.message({ role: 'assistant', content: 'Here it is', structured_response: BRIEF, parent_id: user.id });
    answer.media.push({
      type: 'image',
      url: `/api/media/file/${IMAGE_ID}`,
      id: IMAGE_ID,
      creditCost: 1,
      alt: 'Amber perfume bottle',
      width: 1024,
      height: 1536,
    });
    server.state.messages.push(user, answer);
    server.install();
    const actor = userEvent.setup();
    renderChat();
    const log = await screen.findByRole('log', { name: 'Conversation' });
    await actor.click(await within(log).findByRole('button', { name: 'Poor result' }));
    const dialog = await screen.findByRole('dialog', { name: 'What went wrong?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByText('Please select a feedback option')).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('radio', { name: 'Distorted' }));
    await actor.type(within(dialog).getByRole('textbox'), 'The label is hard to read');
    await actor.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(log).getByText('Thanks!')).toBeInTheDocument();
    expect(server.state.calls.find((call) => call.path === '/api/media/feedback')?.body).toMatchObject({
      messageId: answer.id,
      reaction: 'negative',
      reason: 'distorted',
      comment: 'The label is hard to read',
      feedbackType: 'negative_general',
      assetUrl: `/api/media/file/${IMAGE_ID}`,
    });
    expect(JSON.parse(localStorage.getItem('studio:feedback-given') ?? '{}')).toEqual({ [answer.id]: 'negative' });
  });

  it('keeps Shift+Enter for a new line and blocks an empty message', async () => {
    createFakeChatServer().install();
    const user = userEvent.setup();
    renderChat({ referenceImages: [] });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await user.type(input, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(input).toHaveValue('Line one\nLine two');
    expect(send).toBeEnabled();
  });

  it('welcomes an empty thread and says when the campaign has no product photo', async () => {
    createFakeChatServer().install();
    const user = userEvent.setup();
    renderChat({ referenceImages: [] });
    expect(await screen.findByRole('heading', { name: 'What should we shoot?' })).toBeInTheDocument();
    expect(screen.getByText('No product photo in this campaign — add one, or the image will use a stand-in product')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hero shot on a marble counter, soft morning light' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hero shot on a marble counter, soft morning light');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('offers the settings in a folded panel and saves a change on the scene', async () => {
    const server = createFakeChatServer();
    server.install();
    const user = userEvent.setup();
    renderChat();
    const toggle = await screen.findByRole('button', { name: 'Generation Settings' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('settings-summary')).toHaveTextContent('Medium · 2:3 Portrait · 5s');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: /Landscape/ }));
    expect(screen.getByTestId('settings-summary')).toHaveTextContent('Medium · 3:2 Landscape · 5s');
    await waitFor(() =>
      expect(server.state.calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: '/api/scenes/s1',
        body: { settings: { quality: 'medium', resolution: '1536x1024', duration: '5' } },
      }),
    );
    expect(JSON.parse(localStorage.getItem('studio:generation-settings:p1:s1') ?? '{}')).toEqual({ quality: 'medium', resolution: '1536x1024', duration: 5 });
  });

  it('toggles the notification sound', async () => {
    createFakeChatServer().install();
    const user = userEvent.setup();
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Mute notification sound' }));
    expect(screen.getByRole('button', { name: 'Unmute notification sound' })).toBeInTheDocument();
  });

  it('asks to select a campaign without one', () => {
    createFakeChatServer().install();
    renderChat({ sceneId: null });
    expect(screen.getByText('Select a campaign to start chatting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make music for this campaign' })).toBeDisabled();
  });
});
