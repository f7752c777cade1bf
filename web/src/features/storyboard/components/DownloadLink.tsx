import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export interface DownloadLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'download'> {
  href: string;
  /** The name to save the file as. */
  fileName: string;
}

async function saveAs(href: string, fileName: string): Promise<void> {
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the object URL only holds memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A download link that saves the file under `fileName`. The server names its attachment itself and
 * browsers prefer that name to the `download` attribute, so a plain click fetches the file and saves
 * it from memory; should that fail, the server's download goes ahead. Modified clicks (new tab,
 * save as…) keep the link's usual behaviour.
 */
export function DownloadLink({ href, fileName, onClick, children, ...props }: DownloadLinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    saveAs(href, fileName).catch(() => window.location.assign(href));
  };
  return (
    <a href={href} download={fileName} onClick={click} {...props}>
      {children}
    </a>
  );
}
