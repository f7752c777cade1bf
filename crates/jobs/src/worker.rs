//! The worker loop: claim a job, run it while heartbeats renew the lease and publish
//! progress, then complete, retry or fail it — each step guarded by the lease, so a worker
//! that lost its job changes nothing.

use std::sync::Arc;
use std::time::{Duration, Instant};

use domain::events::{AssetRef, JobEvent, StoryboardUpdated};
use domain::jobs::{retry_backoff, MAX_ATTEMPTS};
use domain::{
    Generation, GenerationState, JobFailure, JobStatus, LiveEvent, MediaItem, MediaKind,
    ProcessingStatus,
};
use store::{Guard, Job, MediaStorage, MessageParts, NewEvent, NewMediaAsset, Signal, Store};
use tokio::sync::watch;
use tracing::Instrument;
use uuid::Uuid;

use crate::execute::{delete_now, execute, Context};
use crate::links::MediaLinks;
use crate::payload::JobPayload;
use crate::provider::{MediaProvider, ProgressSink, ProviderError};

#[derive(Debug, Clone)]
pub struct WorkerConfig {
    /// Jobs run at once by this process.
    pub concurrency: usize,
    /// How long a claim holds without a heartbeat (at most 30 s).
    pub lease: Duration,
    /// How often an idle worker looks for due jobs without being woken.
    pub poll_interval: Duration,
    /// Also store each generated image and video with the free plan's corner mark.
    pub watermark: bool,
}

impl Default for WorkerConfig {
    fn default() -> Self {
        Self {
            concurrency: std::thread::available_parallelism().map_or(2, usize::from),
            lease: Duration::from_secs(30),
            poll_interval: Duration::from_secs(1),
            watermark: false,
        }
    }
}

/// Runs jobs from the queue with `concurrency` tasks until shut down.
#[derive(Clone)]
pub struct Worker {
    store: Store,
    storage: MediaStorage,
    provider: Arc<dyn MediaProvider>,
    assistant: Arc<dyn ai::Assistant>,
    config: WorkerConfig,
    /// Unique per process: the lock owner written into claimed jobs.
    id: String,
    links: Option<MediaLinks>,
}

/// The data of a job event (job-progress, job-completed, job-failed).
pub fn job_event(job: &Job, status: JobStatus, asset: Option<AssetRef>) -> JobEvent {
    JobEvent {
        job_id: job.id,
        kind: job.kind,
        status,
        progress: job.progress,
        stage: job.stage.clone(),
        project_id: job.project_id,
        scene_id: job.scene_id,
        message_id: job.message_id,
        asset,
        error: job.error.clone(),
    }
}

/// A completed job's asset as its event stores it: by id and kind (the server adds the URLs).
fn asset_ref(asset: &NewMediaAsset) -> AssetRef {
    AssetRef {
        id: asset.id,
        file_type: asset.file_type,
        credit_cost: asset.credit_cost,
    }
}

enum Outcome<T> {
    Produced(Box<T>),
    Failed(ProviderError),
    /// Shutdown: hand the job back.
    Released,
    /// Another worker owns it now.
    Lost,
    /// Its owner cancelled it (already failed and refunded).
    Cancelled,
}

/// Whether a job taken from its worker was cancelled by its owner, who fails it with this
/// very message, rather than handed to another worker.
fn cancelled_by_owner(job: &Job) -> bool {
    job.status == JobStatus::Failed
        && job.error.as_deref()
            == Some(
                JobFailure::CancelledByUser
                    .message(job.credit_cost > 0)
                    .as_str(),
            )
}

impl Worker {
    pub fn new(
        store: Store,
        storage: MediaStorage,
        provider: Arc<dyn MediaProvider>,
        assistant: Arc<dyn ai::Assistant>,
        config: WorkerConfig,
    ) -> Self {
        let id = format!(
            "{}:{}:{}",
            hostname(),
            std::process::id(),
            Uuid::new_v4().simple()
        );
        Self {
            store,
            storage,
            provider,
            assistant,
            config,
            id,
            links: None,
        }
    }

    /// Lets hosted models fetch a job's stored inputs from the studio by signed links.
    pub fn with_media_links(mut self, links: MediaLinks) -> Self {
        self.links = Some(links);
        self
    }

    /// Runs until `shutdown` turns true; jobs in hand are finished if they end quickly,
    /// otherwise cancelled and released to the queue.
    pub async fn run(self, shutdown: watch::Receiver<bool>) {
        let mut tasks = tokio::task::JoinSet::new();
        for slot in 0..self.config.concurrency.max(1) {
            let worker = self.clone();
            let shutdown = shutdown.clone();
            tasks.spawn(async move { worker.claim_loop(slot, shutdown).await });
        }
        let reaper = self.clone();
        tasks.spawn(async move { reaper.reap_loop(shutdown).await });
        while tasks.join_next().await.is_some() {}
    }

    async fn claim_loop(&self, slot: usize, mut shutdown: watch::Receiver<bool>) {
        let mut signals = self.store.subscribe();
        let owner = format!("{}#{slot}", self.id);
        // Exports are free work that can arrive by the dozen; with more than one slot, the
        // first never takes one, so a paid generation finds a worker at once however many
        // exports are running (an export uses every core itself, so little is lost).
        let exports = slot > 0 || self.config.concurrency <= 1;
        loop {
            if *shutdown.borrow() {
                return;
            }
            match self
                .store
                .claim_job(&owner, self.config.lease, exports)
                .await
            {
                Ok(Some(job)) => {
                    self.run_job(&owner, job, &mut shutdown).await;
                    continue;
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "could not claim a job"),
            }
            let wait = tokio::time::sleep(self.config.poll_interval);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    () = &mut wait => break,
                    _ = shutdown.changed() => break,
                    signal = signals.recv() => match signal {
                        Ok(Signal::Jobs) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => break,
                        Ok(_) => {}
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                    },
                }
            }
        }
    }

    /// Fails (and refunds) jobs whose worker died on their last attempt.
    async fn reap_loop(&self, mut shutdown: watch::Receiver<bool>) {
        let every = (self.config.lease / 2).max(Duration::from_millis(500));
        loop {
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                _ = shutdown.changed() => return,
            }
            let ids = match self.store.abandoned_jobs().await {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::warn!(error = %e, "could not look for abandoned jobs");
                    continue;
                }
            };
            for id in ids {
                let message = JobFailure::Interrupted.message(true);
                match self
                    .store
                    .fail_job(id, Guard::Expired, &message, failed_events, message_failed)
                    .await
                {
                    Ok(Some(job)) => {
                        tracing::warn!(job_id = %job.id, "failed an abandoned job");
                        self.cleanup_scratch(&job).await;
                    }
                    Ok(None) => {}
                    Err(e) => {
                        tracing::warn!(job_id = %id, error = %e, "could not fail an abandoned job")
                    }
                }
            }
        }
    }

    async fn run_job(&self, owner: &str, job: Job, shutdown: &mut watch::Receiver<bool>) {
        let span = tracing::info_span!("job", job_id = %job.id, kind = job.kind.as_str(), attempt = job.attempts);
        self.run_claimed(owner, job, shutdown)
            .instrument(span)
            .await;
    }

    async fn run_claimed(&self, owner: &str, job: Job, shutdown: &mut watch::Receiver<bool>) {
        match serde_json::from_value(job.payload.clone()) {
            Ok(JobPayload::AssistantReply { message_id }) => {
                return self.answer(owner, &job, message_id, shutdown).await;
            }
            Ok(JobPayload::Export {
                source_id,
                targets,
                audio_asset_id,
                cards,
            }) => {
                let source = crate::exports::ExportSource {
                    source_id,
                    audio_asset_id,
                    cards,
                };
                return self.export(owner, &job, source, &targets, shutdown).await;
            }
            _ => {}
        }
        let outcome = self.produce(owner, &job, shutdown).await;
        match outcome {
            Outcome::Produced(asset) => {
                let done = self
                    .store
                    .complete_job(
                        job.id,
                        owner,
                        std::slice::from_ref(&asset),
                        |finished| {
                            let completed =
                                job_event(finished, JobStatus::Completed, Some(asset_ref(&asset)));
                            vec![
                                NewEvent {
                                    user_id: finished.user_id,
                                    event: LiveEvent::JobCompleted(completed),
                                },
                                NewEvent {
                                    user_id: finished.user_id,
                                    event: LiveEvent::StoryboardUpdated(StoryboardUpdated {
                                        project_id: finished.project_id,
                                        scene_id: finished.scene_id,
                                        asset_id: Some(asset.id),
                                    }),
                                },
                            ]
                        },
                        |finished, parts| message_completed(finished, &asset, parts),
                    )
                    .await;
                match done {
                    Ok(Some(finished)) => {
                        tracing::info!("job completed");
                        self.cleanup_scratch(&finished).await;
                    }
                    Ok(None) => {
                        tracing::warn!("lost the job before completing it; the result is discarded")
                    }
                    Err(e) => {
                        let error = ProviderError::transient(
                            JobFailure::OutputNotStored,
                            format!("could not record the result: {e}"),
                        );
                        self.settle_failure(owner, &job, error, Some(&asset)).await;
                    }
                }
            }
            Outcome::Failed(error) => self.settle_failure(owner, &job, error, None).await,
            Outcome::Released => match self.store.release_job(job.id, owner).await {
                Ok(_) => tracing::info!("released the job for another worker"),
                Err(e) => {
                    tracing::warn!(error = %e, "could not release the job; its lease will expire")
                }
            },
            Outcome::Lost => tracing::warn!("lost the job's lease; another worker takes it over"),
            Outcome::Cancelled => tracing::info!("the job was cancelled by its owner; stopped"),
        }
    }

    /// Makes an export's files; completing the job inserts them all at once.
    async fn export(
        &self,
        owner: &str,
        job: &Job,
        source: crate::exports::ExportSource,
        targets: &[engine::export::Target],
        shutdown: &mut watch::Receiver<bool>,
    ) {
        let sink = ProgressSink::new(job.attempts);
        let context = Context {
            store: &self.store,
            storage: &self.storage,
            provider: self.provider.as_ref(),
            links: self.links.as_ref(),
            watermark: self.config.watermark,
        };
        let work = crate::exports::run(&context, job, source, targets, sink.clone());
        match self.drive(owner, job, shutdown, &sink, work).await {
            Outcome::Produced(assets) => {
                // The event names no asset: an export's files are not a new picture to show
                // in place of the one exported.
                let done = self
                    .store
                    .complete_export_job(job.id, owner, &assets, |finished| {
                        vec![
                            NewEvent {
                                user_id: finished.user_id,
                                event: LiveEvent::JobCompleted(job_event(
                                    finished,
                                    JobStatus::Completed,
                                    None,
                                )),
                            },
                            NewEvent {
                                user_id: finished.user_id,
                                event: LiveEvent::StoryboardUpdated(StoryboardUpdated {
                                    project_id: finished.project_id,
                                    scene_id: finished.scene_id,
                                    asset_id: None,
                                }),
                            },
                        ]
                    })
                    .await;
                match done {
                    Ok(Some(_)) => tracing::info!(files = assets.len(), "export completed"),
                    // Its files stay: the worker that took the job over writes the same keys.
                    Ok(None) => tracing::warn!("lost the export job before completing it"),
                    Err(e) => {
                        let keys = crate::exports::object_keys(&assets);
                        delete_now(&self.store, &self.storage, &keys).await;
                        let error = ProviderError::transient(
                            JobFailure::OutputNotStored,
                            format!("could not record the export: {e}"),
                        );
                        self.settle_failure(owner, job, error, None).await;
                    }
                }
            }
            Outcome::Failed(error) => self.settle_failure(owner, job, error, None).await,
            Outcome::Released => {
                if let Err(e) = self.store.release_job(job.id, owner).await {
                    tracing::warn!(error = %e, "could not release the export job; its lease will expire");
                }
            }
            Outcome::Lost => tracing::warn!("lost the export job's lease"),
            Outcome::Cancelled => tracing::info!("the export was cancelled by its owner; stopped"),
        }
    }

    /// Finishes a chat answer the request could not wait for: the assistant reads the
    /// conversation as it stands and the pending message is completed with the job.
    async fn answer(
        &self,
        owner: &str,
        job: &Job,
        message_id: Uuid,
        shutdown: &mut watch::Receiver<bool>,
    ) {
        let sink = ProgressSink::new(job.attempts);
        let work = async {
            let message = match self.store.message(job.user_id, message_id).await {
                Ok(message) => message,
                Err(store::StoreError::NotFound) => {
                    return Err(ProviderError::permanent(
                        JobFailure::InputMissing,
                        "the message no longer exists",
                    ));
                }
                Err(e) => {
                    return Err(ProviderError::transient(
                        JobFailure::Internal,
                        format!("could not read the message: {e}"),
                    ))
                }
            };
            // The request that started the job may have finished the answer itself.
            if message.processing_status != ProcessingStatus::Pending {
                return Ok(None);
            }
            let parent = message.parent_message_id.ok_or_else(|| {
                ProviderError::permanent(JobFailure::Internal, "the message answers nothing")
            })?;
            let question = self.store.message(job.user_id, parent).await.map_err(|e| {
                ProviderError::permanent(
                    JobFailure::Internal,
                    format!("the question cannot be read: {e}"),
                )
            })?;
            let request =
                crate::assistant::assistant_request(&self.store, &self.storage, &question)
                    .await
                    .map_err(|e| {
                        ProviderError::transient(
                            JobFailure::Internal,
                            format!("could not gather the conversation: {e}"),
                        )
                    })?;
            sink.report("thinking", 0.1)
                .map_err(|_| ProviderError::Cancelled)?;
            let reply = self
                .assistant
                .reply(&request)
                .await
                .map_err(|e| ProviderError::transient(JobFailure::Internal, e))?;
            // Designs are set by the server that answers the send; this answer sets none.
            Ok(Some(ai::ad::not_set(reply)))
        };
        match self.drive(owner, job, shutdown, &sink, work).await {
            Outcome::Produced(reply) => {
                let answer = reply
                    .as_ref()
                    .as_ref()
                    .map(|r| (r.content.as_str(), &r.structured));
                match self
                    .store
                    .complete_reply_job(job.id, owner, message_id, answer)
                    .await
                {
                    Ok(Some(_)) => tracing::info!("assistant reply completed"),
                    Ok(None) => tracing::warn!("lost the reply job before completing it"),
                    Err(e) => {
                        let error = ProviderError::transient(
                            JobFailure::OutputNotStored,
                            format!("could not record the answer: {e}"),
                        );
                        self.settle_failure(owner, job, error, None).await;
                    }
                }
            }
            Outcome::Failed(error) => {
                let final_failure = !matches!(error, ProviderError::Transient { .. })
                    || job.attempts >= job.max_attempts;
                // Chatting is free: nothing to refund.
                let message = error.reason().message(false);
                self.settle_failure(owner, job, error, None).await;
                if final_failure {
                    if let Err(e) = self.store.fail_message(message_id, &message).await {
                        tracing::warn!(error = %e, "could not mark the message failed");
                    }
                }
            }
            Outcome::Released => {
                if let Err(e) = self.store.release_job(job.id, owner).await {
                    tracing::warn!(error = %e, "could not release the reply job; its lease will expire");
                }
            }
            Outcome::Lost => tracing::warn!("lost the reply job's lease"),
            Outcome::Cancelled => {
                tracing::info!("the reply job was cancelled by its owner; stopped")
            }
        }
    }

    /// Retries a transient failure with backoff while attempts remain; otherwise fails the
    /// job and refunds it.
    async fn settle_failure(
        &self,
        owner: &str,
        job: &Job,
        error: ProviderError,
        produced: Option<&NewMediaAsset>,
    ) {
        let retry = matches!(error, ProviderError::Transient { .. })
            && job.attempts < job.max_attempts.min(MAX_ATTEMPTS);
        // The user is told the reason; the detail goes to the log only, with the job id.
        let reason = error.reason();
        if retry {
            let delay = retry_backoff(job.attempts);
            tracing::warn!(job_id = %job.id, error = %error, retry_in = ?delay, "job failed; it will be retried");
            let message = reason.message(false);
            if let Err(e) = self.store.retry_job(job.id, owner, &message, delay).await {
                tracing::warn!(error = %e, "could not schedule the retry; the lease will expire");
            }
            return;
        }
        tracing::warn!(job_id = %job.id, error = %error, "job failed");
        let message = reason.message(job.credit_cost > 0);
        match self
            .store
            .fail_job(
                job.id,
                Guard::Owner(owner),
                &message,
                failed_events,
                message_failed,
            )
            .await
        {
            Ok(Some(failed)) => {
                let mut keys = failed_scratch(&failed);
                if let Some(asset) = produced {
                    keys.push(asset.storage_key.clone());
                    if asset.file_type == MediaKind::Image {
                        keys.push(store::product_mask_key(&asset.storage_key));
                    }
                    keys.extend(asset.thumbnail_key.clone());
                    keys.extend(asset.poster_key.clone());
                    keys.extend(asset.watermarked_key.clone());
                }
                delete_now(&self.store, &self.storage, &keys).await;
            }
            Ok(None) => tracing::warn!("lost the job before failing it"),
            Err(e) => {
                tracing::warn!(error = %e, "could not record the failure; the lease will expire")
            }
        }
    }

    async fn cleanup_scratch(&self, job: &Job) {
        delete_now(&self.store, &self.storage, &failed_scratch(job)).await;
    }

    /// Runs the provider while a heartbeat renews the lease and publishes progress.
    async fn produce(
        &self,
        owner: &str,
        job: &Job,
        shutdown: &mut watch::Receiver<bool>,
    ) -> Outcome<NewMediaAsset> {
        let sink = ProgressSink::new(job.attempts);
        let context = Context {
            store: &self.store,
            storage: &self.storage,
            provider: self.provider.as_ref(),
            links: self.links.as_ref(),
            watermark: self.config.watermark,
        };
        let work = execute(&context, job, sink.clone());
        let outcome = self.drive(owner, job, shutdown, &sink, work).await;
        // Whatever became of the job, what the provider answered is owed to it.
        if let Some(call) = sink.provider_call() {
            if let Err(e) = self.store.record_provider_call(job.id, &call).await {
                tracing::warn!(error = %e, provider = %call.provider, "could not record the provider's usage");
            }
        }
        outcome
    }

    /// Why the job is no longer this worker's: cancelled by its owner, or lost to another.
    async fn taken<T>(&self, job: &Job) -> Outcome<T> {
        match self.store.job(job.user_id, job.id).await {
            Ok(now) if cancelled_by_owner(&now) => Outcome::Cancelled,
            _ => Outcome::Lost,
        }
    }

    /// Runs `work` while a heartbeat renews the lease and publishes the sink's progress.
    async fn drive<T>(
        &self,
        owner: &str,
        job: &Job,
        shutdown: &mut watch::Receiver<bool>,
        sink: &ProgressSink,
        work: impl std::future::Future<Output = Result<T, ProviderError>>,
    ) -> Outcome<T> {
        tokio::pin!(work);
        let mut tick = tokio::time::interval(Duration::from_millis(250));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let renew_every = self.config.lease / 3;
        // Tell the client the job started, however quickly it will finish.
        let mut started = job.clone();
        started.stage = Some("starting".to_owned());
        let event = LiveEvent::JobProgress(job_event(&started, JobStatus::Processing, None));
        match self
            .store
            .heartbeat_job(
                job.id,
                owner,
                self.config.lease,
                Some((0, "starting", event)),
            )
            .await
        {
            Ok(true) => {}
            Ok(false) => return self.taken(job).await,
            Err(e) => tracing::warn!(error = %e, "could not publish the job's start"),
        }
        let mut last_renewal = Instant::now();
        let mut last_published = (0i64, "starting".to_owned());
        let mut stopping = false;
        loop {
            tokio::select! {
                result = &mut work => {
                    return match result {
                        Ok(done) => Outcome::Produced(Box::new(done)),
                        Err(ProviderError::Cancelled) if stopping => Outcome::Released,
                        Err(ProviderError::Cancelled) => self.taken(job).await,
                        Err(e) => Outcome::Failed(e),
                    };
                }
                _ = shutdown.changed(), if !stopping => {
                    stopping = true;
                    sink.cancel();
                }
                _ = tick.tick() => {
                    let (fraction, stage) = sink.snapshot();
                    // Progress is reported as 0–99 while working; 100 means completed.
                    let percent = ((fraction * 100.0) as i64).clamp(0, 99);
                    let changed = stage != last_published.1 || percent >= last_published.0 + 2;
                    let due = last_renewal.elapsed() >= renew_every;
                    if !changed && !due {
                        continue;
                    }
                    let progress = changed.then(|| {
                        let mut view = job.clone();
                        view.progress = percent;
                        view.stage = Some(stage.clone());
                        let event = LiveEvent::JobProgress(job_event(&view, JobStatus::Processing, None));
                        (percent, stage.as_str(), event)
                    });
                    match self.store.heartbeat_job(job.id, owner, self.config.lease, progress).await {
                        Ok(true) => {
                            last_renewal = Instant::now();
                            if changed {
                                last_published = (percent, stage);
                            }
                        }
                        Ok(false) => {
                            sink.cancel();
                        }
                        Err(e) => tracing::warn!(error = %e, "heartbeat failed"),
                    }
                }
            }
        }
    }
}

pub(crate) fn failed_events(job: &Job, _balance: i64) -> Vec<NewEvent> {
    vec![NewEvent {
        user_id: job.user_id,
        event: LiveEvent::JobFailed(job_event(job, JobStatus::Failed, None)),
    }]
}

/// The generation on the chat message, moved to `state` (keeping its action and flag).
fn generation_state(job: &Job, parts: &mut MessageParts, state: GenerationState) {
    let Some(kind) = job.kind.output() else {
        return;
    };
    let previous = parts.generation.take();
    parts.generation = Some(Generation {
        action: previous.as_ref().map_or(kind, |g| g.action),
        flag: previous.and_then(|g| g.flag),
        state,
        job_id: job.id,
        error: job.error.clone(),
    });
}

/// A completed job's media joins the message's media list (the structured response's
/// `media` is answered from this list).
fn message_completed(job: &Job, asset: &NewMediaAsset, parts: &mut MessageParts) {
    generation_state(job, parts, GenerationState::Completed);
    parts.media.push(MediaItem {
        kind: asset.file_type,
        asset_id: asset.id,
        credit_cost: asset.credit_cost,
        // What the picture shows when the engine said so, else what was asked for.
        alt: asset.file_metadata.alt_text().map(str::to_owned),
        width: asset.width,
        height: asset.height,
    });
}

pub(crate) fn message_failed(job: &Job, parts: &mut MessageParts) {
    generation_state(job, parts, GenerationState::Failed);
}

pub(crate) fn failed_scratch(job: &Job) -> Vec<String> {
    serde_json::from_value::<crate::JobPayload>(job.payload.clone())
        .map(|p| p.scratch_keys())
        .unwrap_or_default()
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "worker".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_owners_cancellation_reads_as_cancelled() {
        let at = store::now();
        let mut job = Job {
            id: Uuid::new_v4(),
            user_id: Uuid::new_v4(),
            project_id: Uuid::new_v4(),
            scene_id: None,
            message_id: None,
            kind: domain::JobKind::Video,
            payload: serde_json::Value::Null,
            status: JobStatus::Failed,
            attempts: 1,
            max_attempts: 3,
            credit_cost: 5,
            progress: 20,
            stage: None,
            error: Some(JobFailure::CancelledByUser.message(true)),
            asset_id: None,
            created_at: at,
            updated_at: at,
            finished_at: Some(at),
        };
        assert!(cancelled_by_owner(&job));
        job.error = Some(JobFailure::Interrupted.message(true));
        assert!(!cancelled_by_owner(&job), "the reaper failed it");
        job.status = JobStatus::Running;
        job.error = None;
        assert!(!cancelled_by_owner(&job), "another worker runs it");
    }
}
