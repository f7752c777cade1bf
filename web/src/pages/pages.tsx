import { BookOpen } from 'lucide-react';
import { PlaceholderPage } from './PlaceholderPage';

export function NotFoundPage() {
  return (
    <PlaceholderPage title="Page not found" description="The page you are looking for does not exist." icon={<BookOpen className="h-6 w-6" aria-hidden />} />
  );
}
