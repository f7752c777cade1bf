import { BookOpen, CreditCard, UserRound } from 'lucide-react';
import { PlaceholderPage } from './PlaceholderPage';

export function PricingPage() {
  return (
    <PlaceholderPage
      title="Plans & pricing"
      description="The Creator plan gives you 110 credits every month for 15 USD. Plan details and checkout arrive here soon."
      icon={<CreditCard className="h-6 w-6" aria-hidden />}
    />
  );
}

export function AccountPage() {
  return (
    <PlaceholderPage
      title="Account Settings"
      description="Manage your profile, sign-in details and subscription here soon."
      icon={<UserRound className="h-6 w-6" aria-hidden />}
    />
  );
}

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
