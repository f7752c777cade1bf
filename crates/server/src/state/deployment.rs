//! What a deployment offers, as its configuration states it: the model behind each
//! generation capability and the plans on sale. Routes and services both read these, so they
//! live beside the state rather than in either.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One capability's provider. Never carries a key.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProviderStatus {
    /// `image`, `edit`, `video`, `audio` or `assistant`.
    pub capability: String,
    /// `offline` (the built-in engine or assistant), `openai`, `runway`, `elevenlabs`.
    pub provider: String,
    pub model: String,
    /// A hosted model was configured for this capability (false: the built-in default).
    pub configured: bool,
    /// For `image` and `edit`: the engines a generation may ask for, the default first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<domain::ImageEngine>)]
    pub engines: Vec<domain::ImageEngine>,
}

/// A plan the operator sells, each a Stripe Price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    pub id: String,
    pub name: String,
    /// Per interval, in units of the currency.
    pub price: f64,
    pub currency: String,
    pub interval: String,
    /// Credits granted every period.
    pub regular_credits: i64,
    /// Credits added to the first period when the first-month offer applies.
    pub bonus_credits: i64,
    pub features: Vec<String>,
    pub stripe_price_id: Option<String>,
}

impl Plan {
    /// The Creator Plan every installation sells unless the operator lists its own plans.
    pub fn creator(stripe_price_id: Option<String>) -> Self {
        Self {
            id: "creator_monthly".into(),
            name: "Creator Plan".into(),
            price: 15.0,
            currency: "usd".into(),
            interval: "month".into(),
            regular_credits: 110,
            bonus_credits: 30,
            features: [
                "Up to 110 images a month",
                "Up to 20 videos a month",
                "No watermark",
                "Commercial use",
                "Basic support",
            ]
            .map(String::from)
            .to_vec(),
            stripe_price_id,
        }
    }
}
