import { ArrowRight, ImageIcon, Music, Video } from 'lucide-react';
import { Link } from 'react-router';
import { SiteHeader } from '@/app/SiteHeader';
import { LogoMark } from '@/components/Logo';

const features = [
  {
    icon: <ImageIcon className="h-5 w-5" aria-hidden />,
    title: 'Product images',
    text: 'Turn one product photo into on-brand scenes for ads, stores and social.',
  },
  { icon: <Video className="h-5 w-5" aria-hidden />, title: 'Short videos', text: 'Animate your best shots into scroll-stopping clips.' },
  { icon: <Music className="h-5 w-5" aria-hidden />, title: 'Music', text: 'Add a soundtrack that matches the mood of the campaign.' },
];

export function HomePage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      <main>
        <section className="relative overflow-hidden bg-ink-950 text-white">
          <div aria-hidden className="absolute -top-40 left-1/2 h-[480px] w-[900px] -translate-x-1/2 rounded-full bg-brand-600/30 blur-3xl" />
          <div className="relative mx-auto flex max-w-4xl flex-col items-center px-6 py-24 text-center sm:py-32">
            <LogoMark className="h-14 w-14" />
            <h1 className="mt-8 text-4xl font-semibold tracking-tight sm:text-6xl">
              Marketing content, <span className="bg-gradient-to-r from-brand-300 to-pink-300 bg-clip-text text-transparent">made in minutes</span>
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-slate-300">
              Campaign Studio turns your product photos into images, videos and music for every campaign — just describe what you want.
            </p>
            <Link
              to="/create"
              className="mt-10 inline-flex h-12 items-center gap-2 rounded-xl bg-white px-6 text-base font-semibold text-ink-950 shadow-lg transition hover:bg-slate-100"
            >
              Open the studio <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </div>
        </section>
        <section className="mx-auto grid max-w-5xl gap-6 px-6 py-16 sm:grid-cols-3">
          {features.map((feature) => (
            <div key={feature.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <div className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">{feature.icon}</div>
              <h2 className="mt-4 text-base font-semibold text-slate-900">{feature.title}</h2>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{feature.text}</p>
            </div>
          ))}
        </section>
      </main>
    </div>
  );
}
