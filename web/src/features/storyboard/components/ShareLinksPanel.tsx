import { ExternalLink, Link2, Music } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/lib/toast';
import { REVOKE_FAILED, SHARE_LINKS_LOAD_FAILED, useRevokeShareLink, useShareLinks, type ListedShareLink } from '../api/shareLinks';

const expiry = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The user's share links that still work, each with its page and a Turn off button. */
export function ShareLinksPanel() {
  const links = useShareLinks();
  let body;
  if (links.isPending) {
    body = <Spinner className="text-brand-600" label="Loading share links…" />;
  } else if (links.isError) {
    body = <p className="text-sm text-rose-700">{SHARE_LINKS_LOAD_FAILED}</p>;
  } else if (links.data.length === 0) {
    body = <p className="text-sm text-slate-600">No links are open. Copy link on a picture, video or track makes one that works for 7 days.</p>;
  } else {
    body = (
      <ul className="flex flex-col divide-y divide-slate-100" aria-label="Open share links">
        {links.data.map((link) => (
          <ShareLinkRow key={link.id} link={link} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="share-links-heading" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="share-links-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Link2 className="h-5 w-5 text-brand-600" aria-hidden /> Share links
      </h2>
      <p className="mt-1 text-sm text-slate-600">Anyone with one of these links can see and download the file until it expires or you turn it off.</p>
      <div className="mt-4">{body}</div>
    </section>
  );
}

function ShareLinkRow({ link }: { link: ListedShareLink }) {
  const revoke = useRevokeShareLink();
  const label = `${link.file_type === 'audio' ? 'Music' : link.file_type === 'video' ? 'Video' : 'Image'} from ${link.project_name ?? 'a project'}`;
  return (
    <li className="flex items-center gap-3 py-3" data-testid="share-link">
      {link.preview_url ? (
        <img src={link.preview_url} alt="" className="h-12 w-12 shrink-0 rounded-lg object-cover ring-1 ring-slate-200" />
      ) : (
        <span aria-hidden className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
          <Music className="h-5 w-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <span className="truncate">{label}</span>
          <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
        </a>
        <p className="text-xs text-slate-600">Works until {expiry.format(new Date(link.expires_at))}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={revoke.isPending}
        aria-label={`Turn off the link to ${label}`}
        onClick={() => revoke.mutate(link.id, { onError: () => notify.error(REVOKE_FAILED) })}
      >
        Turn off
      </Button>
    </li>
  );
}
