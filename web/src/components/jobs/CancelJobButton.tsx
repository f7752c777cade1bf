import { useMutation } from '@tanstack/react-query';
import { Loader2, X } from 'lucide-react';
import { cancelJob, CANCEL_FAILED } from '@/api/jobs';
import { errorMessage } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { cancelledJobs } from '@/lib/jobs/cancelledJobs';
import { notify } from '@/lib/toast';

export interface CancelJobButtonProps {
  jobId: string;
  /** Called once the server has cancelled the job and refunded it. */
  onCancelled?: () => void;
}

/** Stops a running generation; the credits come back and the toast says so. */
export function CancelJobButton({ jobId, onCancelled }: CancelJobButtonProps) {
  const mutation = useMutation({
    // Marked before asking: the job-failed event can arrive before the answer does.
    onMutate: () => cancelledJobs.add(jobId),
    mutationFn: () => cancelJob(jobId),
    onSuccess: (cancelled) => {
      notify.info(cancelled.error);
      onCancelled?.();
    },
    onError: (error) => {
      cancelledJobs.remove(jobId);
      notify.error(errorMessage(error, CANCEL_FAILED));
    },
  });
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
      aria-label="Cancel generation"
      className="h-7 px-2 text-xs"
      data-testid="cancel-generation"
    >
      {mutation.isPending ? <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> : <X className="h-3.5 w-3.5" aria-hidden />}
      {mutation.isPending ? 'Cancelling…' : 'Cancel'}
    </Button>
  );
}
