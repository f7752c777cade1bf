//! Stripe: the few calls of its HTTP API the studio makes (form-encoded, with the secret key
//! as bearer and an idempotency key, so a retried call never makes a second customer or
//! session), and the verification of webhook signatures.

use std::time::Duration;

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

/// How far a webhook's timestamp may be from now, either way.
pub const SIGNATURE_TOLERANCE_SECONDS: i64 = 300;

/// Why a webhook's `Stripe-Signature` was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureError {
    /// No `t` or no `v1`, or the header is not text.
    Malformed,
    /// The timestamp is more than the tolerance away from now.
    Expired,
    /// No `v1` is the HMAC of this body with this secret.
    Mismatch,
}

/// Checks `header` (`t=…,v1=…[,v1=…]`) against the raw `payload`: one `v1` must be the
/// HMAC-SHA256 of `"{t}.{payload}"` keyed with the endpoint secret, compared in constant
/// time, and `t` within the tolerance of `now` (unix seconds).
pub fn verify_signature(
    payload: &[u8],
    header: &str,
    secret: &str,
    now: i64,
) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.extend(decode_hex(value)),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > SIGNATURE_TOLERANCE_SECONDS {
        return Err(SignatureError::Expired);
    }
    let matches = signatures.iter().any(|signature| {
        let mac = signing_mac(secret, timestamp, payload);
        // `verify_slice` compares in constant time.
        mac.verify_slice(signature).is_ok()
    });
    matches.then_some(()).ok_or(SignatureError::Mismatch)
}

fn signing_mac(secret: &str, timestamp: i64, payload: &[u8]) -> Hmac<Sha256> {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac
}

/// The header Stripe would send for `payload` at `timestamp`.
#[cfg(test)]
fn signature_header(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let digest = signing_mac(secret, timestamp, payload)
        .finalize()
        .into_bytes();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The keys and endpoint of the operator's Stripe account.
#[derive(Debug, Clone)]
pub struct StripeConfig {
    pub secret_key: String,
    pub webhook_secret: String,
    /// Scheme and host, e.g. `https://api.stripe.com`.
    pub api_base: String,
}

/// A Checkout Session as the studio needs it.
#[derive(Debug, Clone, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    pub url: String,
}

/// What a subscription update answers.
#[derive(Debug, Clone, Deserialize)]
pub struct StripeSubscription {
    pub cancel_at_period_end: bool,
    #[serde(default)]
    pub current_period_end: Option<i64>,
    #[serde(default)]
    pub items: Option<SubscriptionItems>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SubscriptionItems {
    #[serde(default)]
    pub data: Vec<SubscriptionItem>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SubscriptionItem {
    #[serde(default)]
    pub current_period_end: Option<i64>,
}

impl StripeSubscription {
    /// Newer API versions keep the period on the subscription's items.
    pub fn period_end(&self) -> Option<i64> {
        self.current_period_end.or_else(|| {
            self.items
                .as_ref()?
                .data
                .iter()
                .find_map(|item| item.current_period_end)
        })
    }
}

#[derive(Deserialize)]
struct Created {
    id: String,
}

/// The studio's client of Stripe's API.
#[derive(Clone)]
pub struct StripeClient {
    config: StripeConfig,
    http: hosted::Client,
}

impl std::fmt::Debug for StripeClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeClient")
            .field("api_base", &self.config.api_base)
            .finish_non_exhaustive()
    }
}

impl StripeClient {
    pub fn new(config: StripeConfig) -> anyhow::Result<Self> {
        let policy = hosted::Policy {
            timeout: Duration::from_secs(20),
            retries: 2,
            max_body: 1024 * 1024,
            ..hosted::Policy::default()
        };
        let http = hosted::Client::new("stripe", policy)
            .map_err(|e| anyhow::anyhow!("cannot build the Stripe client: {e}"))?;
        Ok(Self { config, http })
    }

    pub fn webhook_secret(&self) -> &str {
        &self.config.webhook_secret
    }

    /// POSTs `form` to `path` and reads the JSON answer.
    async fn post<T: serde::de::DeserializeOwned>(
        &self,
        what: &str,
        path: &str,
        form: &[(String, String)],
        idempotency_key: &str,
    ) -> Result<T, hosted::Failure> {
        let url = format!("{}{path}", self.config.api_base.trim_end_matches('/'));
        self.http
            .call(
                what,
                |http| {
                    http.post(&url)
                        .bearer_auth(&self.config.secret_key)
                        .header("Idempotency-Key", idempotency_key)
                        .form(form)
                },
                |reply| {
                    serde_json::from_slice(&reply.body).map_err(|e| {
                        hosted::Failure::Invalid(format!("unreadable answer from Stripe: {e}"))
                    })
                },
                &|| false,
            )
            .await
    }

    /// Creates a customer for the user; the idempotency key makes concurrent calls for one
    /// user answer the same customer.
    pub async fn create_customer(
        &self,
        user_id: uuid::Uuid,
        email: &str,
    ) -> Result<String, hosted::Failure> {
        let form = vec![
            ("email".to_owned(), email.to_owned()),
            ("metadata[user_id]".to_owned(), user_id.to_string()),
        ];
        let created: Created = self
            .post(
                "create customer",
                "/v1/customers",
                &form,
                &format!("studio-customer-{user_id}"),
            )
            .await?;
        Ok(created.id)
    }

    /// Creates a Checkout Session from the given form fields.
    pub async fn create_checkout_session(
        &self,
        form: &[(String, String)],
    ) -> Result<CheckoutSession, hosted::Failure> {
        let key = uuid::Uuid::new_v4().to_string();
        self.post(
            "create checkout session",
            "/v1/checkout/sessions",
            form,
            &key,
        )
        .await
    }

    /// Sets a subscription to end at its current period's end.
    pub async fn cancel_at_period_end(
        &self,
        subscription_id: &str,
    ) -> Result<StripeSubscription, hosted::Failure> {
        let form = vec![("cancel_at_period_end".to_owned(), "true".to_owned())];
        self.post(
            "cancel subscription",
            &format!("/v1/subscriptions/{subscription_id}"),
            &form,
            // Fresh per call: a fixed key would replay an earlier answer for 24 hours
            // instead of cancelling again after the user resumed at Stripe.
            &uuid::Uuid::new_v4().to_string(),
        )
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"invoice.paid"}"#;

    #[test]
    fn a_header_made_with_the_secret_is_accepted() {
        let header = signature_header(BODY, SECRET, 1_700_000_000);
        assert_eq!(
            verify_signature(BODY, &header, SECRET, 1_700_000_100),
            Ok(())
        );
    }

    #[test]
    fn any_v1_may_match() {
        let good = signature_header(BODY, SECRET, 1_700_000_000);
        let good_v1 = good.split_once(",v1=").unwrap().1;
        let header = format!("t=1700000000,v1={},v1={good_v1},v0=abc", "00".repeat(32));
        assert_eq!(
            verify_signature(BODY, &header, SECRET, 1_700_000_000),
            Ok(())
        );
    }

    #[test]
    fn wrong_secret_tampered_body_and_old_timestamps_are_refused() {
        let header = signature_header(BODY, SECRET, 1_700_000_000);
        assert_eq!(
            verify_signature(BODY, &header, "whsec_other", 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(br#"{"id":"evt_2"}"#, &header, SECRET, 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify_signature(BODY, &header, SECRET, 1_700_000_301),
            Err(SignatureError::Expired)
        );
        assert_eq!(
            verify_signature(BODY, "v1=abcd", SECRET, 1_700_000_000),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            verify_signature(BODY, "t=1700000000,v1=zz", SECRET, 1_700_000_000),
            Err(SignatureError::Malformed)
        );
    }
}
