//! A user cancelling their own queued or running job: it fails at once with its refund, in
//! one transaction. A worker running it loses its lease at the next heartbeat, which stops
//! the provider (a hosted video task is cancelled at the provider too).

use domain::JobFailure;
use store::{Guard, Job, MediaStorage, Store, StoreError};
use uuid::Uuid;

use crate::execute::delete_now;
use crate::worker::{failed_events, failed_scratch, message_failed};

/// Fails and refunds the user's job if it has not finished; `None` when it had. Another
/// user's job is `NotFound`, like a missing one.
pub async fn cancel_job(
    store: &Store,
    storage: &MediaStorage,
    user_id: Uuid,
    job_id: Uuid,
) -> Result<Option<Job>, StoreError> {
    let job = store.job(user_id, job_id).await?;
    let error = JobFailure::CancelledByUser.message(job.credit_cost > 0);
    let cancelled = store
        .fail_job(
            job_id,
            Guard::User(user_id),
            &error,
            failed_events,
            message_failed,
        )
        .await?;
    if let Some(job) = &cancelled {
        delete_now(store, storage, &failed_scratch(job)).await;
    }
    Ok(cancelled)
}
