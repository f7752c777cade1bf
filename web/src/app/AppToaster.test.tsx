import * as Dialog from '@radix-ui/react-dialog';
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { AppToaster } from './AppToaster';

function renderAt(path: string, width: number, dialogOpen = false) {
  window.innerWidth = width;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppToaster />
      <Dialog.Root open={dialogOpen}>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined}>
            <Dialog.Title>Export for marketplaces and social</Dialog.Title>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </MemoryRouter>,
  );
}

async function toastPlace(): Promise<{ x: string | null; y: string | null }> {
  act(() => void toast('Project created successfully'));
  const list = await waitFor(() => {
    const found = document.querySelector('[data-sonner-toaster]');
    expect(found).not.toBeNull();
    return found!;
  });
  return { x: list.getAttribute('data-x-position'), y: list.getAttribute('data-y-position') };
}

describe('AppToaster', () => {
  afterEach(() => act(() => void toast.dismiss()));

  it('puts a phone toast in the studio below its top bars', async () => {
    renderAt('/create/p1', 390);
    expect(await toastPlace()).toEqual({ x: 'center', y: 'top' });
  });

  it('moves a phone toast to the bottom while a dialog is open, clear of the dialog’s actions near its top', async () => {
    renderAt('/create/p1', 390, true);
    expect(await toastPlace()).toEqual({ x: 'center', y: 'bottom' });
  });

  it('keeps toasts bottom-right on a desktop', async () => {
    renderAt('/create/p1', 1280, true);
    expect(await toastPlace()).toEqual({ x: 'right', y: 'bottom' });
  });
});
