import { media, message, structured, VIDEO_ID } from '../test/messages';
import { animatePlan, editPlan, generateOffer, regeneratePlan, validateEditedPrompt, withPromptEdits } from './actions';

describe('generateOffer', () => {
  it('is the newest brief while it has no media', () => {
    const older = message({ id: 'old', structured: structured() });
    const newest = message({ id: 'new', structured: structured({ refinedVideoPrompt: null }) });
    const chat = message({ id: 'chat', structured: structured({ refinedImagePrompt: null, refinedVideoPrompt: null }) });
    expect(generateOffer([older, message({ role: 'user' }), newest, chat])).toEqual({ messageId: 'new', image: true, video: false });
  });

  it('is nobody once the newest brief has media, even if an older one has none', () => {
    const older = message({ structured: structured() });
    const newest = message({ structured: structured(), media: [media()] });
    expect(generateOffer([older, newest])).toBeNull();
  });

  it('is nobody without a brief', () => {
    expect(generateOffer([message({ role: 'user' }), message()])).toBeNull();
    expect(generateOffer([])).toBeNull();
  });
});

describe('regeneratePlan', () => {
  it('makes the first picture or clip again from its prompt', () => {
    expect(regeneratePlan(message({ structured: structured(), media: [media({ type: 'audio' }), media({ type: 'video', id: VIDEO_ID })] }))).toEqual({
      ok: true,
      value: { mediaType: 'video', prompt: 'Slow push-in on the bottle, 5 seconds' },
    });
  });

  it('says what is missing', () => {
    expect(regeneratePlan(message({ structured: structured() }))).toEqual({ ok: false, error: 'Cannot regenerate: no existing media found' });
    expect(regeneratePlan(message({ media: [media()] }))).toEqual({ ok: false, error: 'Cannot regenerate: prompt data not found' });
    expect(regeneratePlan(message({ structured: structured({ refinedImagePrompt: null }), media: [media()] }))).toEqual({
      ok: false,
      error: 'Cannot regenerate: no image prompt found',
    });
    expect(regeneratePlan(message({ structured: structured({ refinedVideoPrompt: null }), media: [media({ type: 'video' })] }))).toEqual({
      ok: false,
      error: 'Cannot regenerate: no video prompt found',
    });
  });
});

describe('editPlan', () => {
  it('starts on the preferred kind, else the media kind, else the image brief', () => {
    const brief = message({ structured: structured() });
    expect(editPlan(brief)).toEqual({
      ok: true,
      value: { type: 'image', prompt: 'Amber perfume bottle on dark marble, soft morning light', types: ['image', 'video'] },
    });
    expect(editPlan(brief, 'video')).toMatchObject({ ok: true, value: { type: 'video', prompt: 'Slow push-in on the bottle, 5 seconds' } });
    expect(editPlan(message({ structured: structured(), media: [media({ type: 'video' })] }))).toMatchObject({ ok: true, value: { type: 'video' } });
    expect(editPlan(message({ structured: structured({ refinedImagePrompt: null }) }), 'image')).toMatchObject({
      ok: true,
      value: { type: 'video', types: ['video'] },
    });
  });

  it('says why a message cannot be edited', () => {
    expect(editPlan(message())).toEqual({ ok: false, error: 'Cannot edit this message - missing prompt data' });
    expect(editPlan(message({ structured: structured({ refinedImagePrompt: null, refinedVideoPrompt: null }) }))).toEqual({
      ok: false,
      error: 'Cannot edit - no prompt data found',
    });
    expect(editPlan(undefined)).toEqual({ ok: false, error: 'Unable to edit prompt - please try again' });
    expect(editPlan(message({ role: 'user' }))).toEqual({ ok: false, error: 'Unable to edit prompt - please try again' });
  });
});

describe('validateEditedPrompt', () => {
  it('refuses an empty prompt and trims the rest', () => {
    expect(validateEditedPrompt('  \n')).toEqual({ ok: false, error: 'Please enter a prompt before generating.' });
    expect(validateEditedPrompt(' Warmer light ')).toEqual({ ok: true, value: 'Warmer light' });
  });
});

describe('withPromptEdits', () => {
  it('puts the seller’s edited prompts in place of the brief’s', () => {
    const brief = message({ id: 'a', structured: structured() });
    const other = message({ id: 'b' });
    const [edited, untouched] = withPromptEdits([brief, other], { a: { video: 'Orbit slowly' }, b: { image: 'ignored: no brief' } });
    expect(edited?.structured).toMatchObject({ refinedImagePrompt: brief.structured?.refinedImagePrompt, refinedVideoPrompt: 'Orbit slowly' });
    expect(untouched).toBe(other);
    expect(regeneratePlan({ ...brief, ...edited, media: [media({ type: 'video' })] })).toMatchObject({ ok: true, value: { prompt: 'Orbit slowly' } });
  });
});

describe('animatePlan', () => {
  const id = '33333333-3333-4333-8333-333333333333';

  it('animates the image with the message video brief, or a default prompt', () => {
    expect(animatePlan(message({ id: 'a1', structured: structured(), media: [media()] }))).toEqual({
      ok: true,
      value: { messageId: 'a1', sourceImageId: '11111111-1111-4111-8111-111111111111', prompt: 'Slow push-in on the bottle, 5 seconds' },
    });
    expect(animatePlan(message({ id: 'a2', media: [media({ id: 'local', url: `/api/media/file/${id}` })] }))).toEqual({
      ok: true,
      value: { messageId: 'a2', sourceImageId: id, prompt: 'Animate this product shot' },
    });
  });

  it('animates the given item, else the newest image of the message', () => {
    const first = media();
    const second = media({ id, url: `/api/media/file/${id}` });
    expect(animatePlan(message({ media: [first, second] }))).toMatchObject({ ok: true, value: { sourceImageId: id } });
    expect(animatePlan(message({ media: [first, second] }), first)).toMatchObject({ ok: true, value: { sourceImageId: first.id } });
  });

  it('says why an image cannot be animated', () => {
    expect(animatePlan(undefined)).toEqual({ ok: false, error: "Couldn't animate this image - message not found" });
    expect(animatePlan(message({ media: [media({ type: 'video' })] }))).toEqual({ ok: false, error: 'No image found in this message' });
    expect(animatePlan(message(), media({ id: 'ref-1', url: 'blob:x' }))).toEqual({
      ok: false,
      error: 'Could not identify the asset ID. Only images can be animated.',
    });
    expect(animatePlan(message(), media({ type: 'video' }))).toEqual({ ok: false, error: 'Could not identify the asset ID. Only images can be animated.' });
  });
});
