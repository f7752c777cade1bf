import { toast } from 'sonner';

/** Every toast lasts 5 s. */
export const TOAST_DURATION = 5000;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION }),
  info: (message: string) => toast(message, { duration: TOAST_DURATION }),
};
