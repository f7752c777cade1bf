import { ArrowLeft, Camera, Coins, Cpu, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteHeader } from '@/app/SiteHeader';

/** The creative loop, as the end-to-end run photographs it into /guide/. */
const STEPS: { title: string; text: string; image: string; alt: string }[] = [
  {
    title: 'Start a project',
    text: 'A project holds one product line; each campaign in it is one idea for a post, an ad or a listing. Your first project and campaign are made for you.',
    image: '/guide/step-1-project.png',
    alt: 'The studio with a new project and its first campaign',
  },
  {
    title: 'Add product photos',
    text: 'Drop up to three photos of the product into the campaign. Every picture the studio makes starts from them, so the product stays yours.',
    image: '/guide/step-2-photos.png',
    alt: 'A product photo added to the campaign',
  },
  {
    title: 'Say what you want',
    text: 'Tell the assistant the scene, the mood and where it will be posted — "on warm marble, morning light, for Instagram". It answers with a brief and offers to generate.',
    image: '/guide/step-3-chat.png',
    alt: 'The chat with a request and the assistant’s brief',
  },
  {
    title: 'Generate',
    text: 'One click makes the image; it appears in the chat and on the campaign’s card. Prefer presets? The Generate panel offers templates and guided settings.',
    image: '/guide/step-4-image.png',
    alt: 'A generated product image in the chat',
  },
  {
    title: 'Refine',
    text: 'Open a picture to edit part of it (paint over the area, say what to change), animate it into a short video, or make a music track for the campaign.',
    image: '/guide/step-5-refine.png',
    alt: 'A picture opened full screen with Edit image and Animate this',
  },
  {
    title: 'Arrange, download and share',
    text: 'The storyboard shows every campaign side by side. Reorder them, pick each campaign’s cover, download files, or send a share link that opens a page with the picture.',
    image: '/guide/step-6-storyboard.png',
    alt: 'The storyboard with the campaign and its media',
  },
];

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const id = `guide-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-50 text-brand-600">{icon}</span>
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-3 text-base leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** /guide: how the studio works, from the first photo to a shared campaign. */
export function GuidePage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      <main className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-col gap-3">
          <Link to="/create" className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the studio
          </Link>
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">Guide</h1>
          <p className="max-w-2xl text-base text-slate-600">
            Campaign Studio turns a few photos of your product into images, short videos and music for your campaigns. Here is the whole loop, and what to know
            along the way.
          </p>
        </div>

        <Section icon={<Sparkles className="h-5 w-5" aria-hidden />} title="The creative loop in six steps">
          <ol className="flex flex-col gap-8">
            {STEPS.map((step, index) => (
              <li key={step.title} className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:items-center">
                <div>
                  <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
                  <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-2 text-base text-slate-700">{step.text}</p>
                </div>
                <img
                  src={step.image}
                  alt={step.alt}
                  loading="lazy"
                  className="w-full rounded-xl bg-slate-100 object-cover shadow-sm ring-1 ring-slate-200"
                  width={1440}
                  height={900}
                />
              </li>
            ))}
          </ol>
        </Section>

        <Section icon={<Camera className="h-5 w-5" aria-hidden />} title="What makes a good product photo">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong>The whole product, in focus.</strong> Nothing cut off at the edges; the studio keeps what it sees and cannot invent the hidden part.
            </li>
            <li>
              <strong>A plain, contrasting background.</strong> A white wall or a sheet behind a dark product (or the reverse) lets the product be cut out
              cleanly.
            </li>
            <li>
              <strong>Soft, even light.</strong> Daylight from a window beats a flash: no hard reflections or deep shadows baked into the product.
            </li>
            <li>
              <strong>Straight on, at the product’s height.</strong> The scenes place the product on a surface; a photo from above looks odd standing on a
              table.
            </li>
            <li>
              <strong>Sharp and large enough.</strong> A phone photo is plenty: JPEG, PNG, WebP or GIF, up to 15 MB each.
            </li>
          </ul>
        </Section>

        <Section icon={<Cpu className="h-5 w-5" aria-hidden />} title="The offline engine and hosted models">
          <p>
            Out of the box everything is made on this studio’s own server, with no outside service: the engine cuts your product out of the photo and stages it,
            pixel for pixel, in a scene built from your words (surface, backdrop, light, props, colour palette). Edits repaint only the area you mark; videos
            move the camera around the product; music is composed to the mood you ask for. It is fast, private and always shows your real product.
          </p>
          <p>
            The operator of this studio can add hosted models: an image model paints freer, more photographic scenes — with “AI scene, exact product” (the
            default) it paints around your product and your photo’s own pixels go back on top; “AI redraw” lets it redraw the product too, which may change its
            label or shape. A video model animates with real motion (it may redraw the product as it moves; the studio engine keeps it exact), and a music model
            writes richer tracks. Credits and everything else stay the same.
          </p>
        </Section>

        <Section icon={<Coins className="h-5 w-5" aria-hidden />} title="How credits work">
          <ul className="list-disc space-y-2 pl-5">
            <li>Every new account starts with 100 credits.</li>
            <li>An image, an edit or a music track costs 1 credit; a video costs 1 credit per second (5 credits for 5 seconds).</li>
            <li>Credits are taken when a job starts; if it fails or you cancel it, they come back.</li>
            <li>The badge at the top shows your balance; Transactions lists every credit in and out.</li>
            <li>
              When credits run low, a plan adds more each month (see Pricing) — or, where this studio does not sell plans, ask the person who runs it to add
              credits.
            </li>
          </ul>
        </Section>
      </main>
    </div>
  );
}
