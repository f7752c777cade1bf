//! What generation cost at the providers: the provider, model, remote id and usage each
//! completed job's media records, summed per provider and model for operators.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use crate::{on_db, Result, Store};

/// One provider and model's share of the generations since a date.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProviderUsage {
    /// `offline` for the built-in engine.
    pub provider: String,
    pub model: String,
    pub generations: i64,
    /// Studio credits the users paid for them.
    pub credits: i64,
    /// Tokens the provider reported (image models bill by tokens).
    pub tokens: i64,
    /// Seconds of video or music produced.
    pub seconds: f64,
}

impl Store {
    /// Completed generations since `since`, per provider and model.
    pub async fn provider_usage(&self, since: DateTime<Utc>) -> Result<Vec<ProviderUsage>> {
        let rows: Vec<(Json<serde_json::Value>, i64, Option<f64>)> = on_db!(self, p => sqlx::query_as(
            "SELECT file_metadata, credit_cost, duration_seconds FROM media_assets WHERE created_at >= $1",
        )
        .bind(since)
        .fetch_all(p)
        .await)?;
        let mut totals: BTreeMap<(String, String), ProviderUsage> = BTreeMap::new();
        for (Json(metadata), credits, seconds) in rows {
            // Uploads are media too, but no generation made them.
            if metadata.get("generation_type").is_none() {
                continue;
            }
            let text = |key: &str| metadata[key].as_str().map(str::to_owned);
            let provider = text("provider").unwrap_or_else(|| "offline".into());
            let model = text("model").unwrap_or_else(|| "offline engine".into());
            let entry = totals
                .entry((provider.clone(), model.clone()))
                .or_insert_with(|| ProviderUsage {
                    provider,
                    model,
                    ..ProviderUsage::default()
                });
            entry.generations += 1;
            entry.credits += credits;
            entry.tokens += metadata["usage"]["total_tokens"].as_i64().unwrap_or(0);
            entry.seconds += seconds.unwrap_or(0.0);
        }
        Ok(totals.into_values().collect())
    }
}
