//! What generation cost at the providers: each job records the hosted model it called (the
//! provider, model, remote id and provider-reported usage) when the provider answers, so
//! jobs that then fail or are cancelled are counted as well; summed per provider and model
//! for operators.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{on_db, Result, Store};

/// A hosted model's answer to one job.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProviderCall {
    pub provider: String,
    pub model: String,
    /// The provider's task or song id, when it gives one.
    pub remote_id: Option<String>,
    /// What the provider reported using (tokens for image models); null when it says nothing.
    pub usage: serde_json::Value,
}

/// One provider and model's share of the generations since a date.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProviderUsage {
    /// `offline` for the built-in engine.
    pub provider: String,
    pub model: String,
    pub completed: i64,
    /// Failed or cancelled after the job started; the provider may have billed them.
    pub failed: i64,
    /// Studio credits the users paid for the completed ones (the rest were refunded).
    pub credits: i64,
    /// Tokens the provider reported (image models bill by tokens), failures included.
    pub tokens: i64,
    /// Seconds of video or music produced.
    pub seconds: f64,
}

type UsageRow = (
    String,
    i64,
    Option<String>,
    Option<String>,
    Option<Json<serde_json::Value>>,
    Option<f64>,
);

impl Store {
    /// Records the hosted model's answer on the job, whatever the job's state: usage is
    /// owed to the provider even when the job fails or was cancelled meanwhile.
    pub async fn record_provider_call(&self, job_id: Uuid, call: &ProviderCall) -> Result<()> {
        on_db!(self, p => sqlx::query(
            "UPDATE jobs SET provider = $1, model = $2, remote_id = $3, provider_usage = $4 WHERE id = $5",
        )
        .bind(&call.provider)
        .bind(&call.model)
        .bind(&call.remote_id)
        .bind(Json(&call.usage))
        .bind(job_id)
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Finished generations since `since`, per provider and model (`offline` for the
    /// engine); chat replies are not generations.
    pub async fn provider_usage(&self, since: DateTime<Utc>) -> Result<Vec<ProviderUsage>> {
        let rows: Vec<UsageRow> = on_db!(self, p => sqlx::query_as(
            "SELECT j.status, j.credit_cost, j.provider, j.model, j.provider_usage, a.duration_seconds \
             FROM jobs j LEFT JOIN media_assets a ON a.id = j.asset_id \
             WHERE j.created_at >= $1 AND j.kind <> 'assistant_reply' \
             AND j.status IN ('completed', 'failed')",
        )
        .bind(since)
        .fetch_all(p)
        .await)?;
        let mut totals: BTreeMap<(String, String), ProviderUsage> = BTreeMap::new();
        for (status, credits, provider, model, usage, seconds) in rows {
            let provider = provider.unwrap_or_else(|| "offline".into());
            let model = model.unwrap_or_else(|| "offline engine".into());
            let entry = totals
                .entry((provider.clone(), model.clone()))
                .or_insert_with(|| ProviderUsage {
                    provider,
                    model,
                    ..ProviderUsage::default()
                });
            if status == "completed" {
                entry.completed += 1;
                entry.credits += credits;
                entry.seconds += seconds.unwrap_or(0.0);
            } else {
                entry.failed += 1;
            }
            if let Some(Json(usage)) = usage {
                entry.tokens += usage["total_tokens"].as_i64().unwrap_or(0);
            }
        }
        Ok(totals.into_values().collect())
    }
}
