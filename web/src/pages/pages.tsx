import { BookOpen } from 'lucide-react';
import { PlaceholderPage } from './PlaceholderPage';

export function GuidePage() {
  return (
    <PlaceholderPage
      title="Guide"
      description="Create a project, add campaigns, then chat with the assistant or use the Generate panel to make images and videos for each campaign. Every image costs 1 credit; a video costs one credit per second."
      icon={<BookOpen className="h-6 w-6" aria-hidden />}
    />
  );
}

export function NotFoundPage() {
  return (
    <PlaceholderPage
      title="Page not found"
      description="The page you are looking for does not exist."
      icon={<BookOpen className="h-6 w-6" aria-hidden />}
    />
  );
}
