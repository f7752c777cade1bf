//! HTTP plumbing shared by every hosted model the studio calls (the assistant's chat endpoint,
//! image, video and music APIs): one client per endpoint with a timeout for each attempt,
//! retries with exponential backoff and jitter on 429, 5xx and connection failures (a
//! `Retry-After` the provider sends is honoured), no retry on any other 4xx, a cap on the
//! size of what is read back, and one vocabulary for what went wrong ([`Failure`]).
//!
//! It knows nothing of the studio's jobs or assistant: callers build the request, read the
//! answer and, through a [`Classify`] function, say which error answers of their API are
//! content-policy refusals or problems of the operator's account.

use std::future::Future;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use reqwest::header::HeaderMap;
use reqwest::{Client as HttpClient, RequestBuilder, StatusCode};

/// Why a hosted call produced nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Worth another attempt later: timeouts, lost connections, 429, 5xx. Returned once the
    /// retries of this call are spent.
    Transient(String),
    /// The provider's content policy refused the request; the text is the provider's reason,
    /// fit to show the user.
    Refused(String),
    /// The operator's account at the provider: bad or missing key, no quota, unpaid bill.
    /// The detail is logged here; users are told only that the generation failed.
    Operator(String),
    /// Another attempt cannot help: the provider rejected what we sent (another 4xx) or
    /// answered something unusable.
    Invalid(String),
    /// The caller asked to stop.
    Cancelled,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Transient(why) => write!(f, "temporarily unavailable: {why}"),
            Failure::Refused(why) => write!(f, "refused by the content policy: {why}"),
            Failure::Operator(why) => write!(f, "account problem at the provider: {why}"),
            Failure::Invalid(why) => write!(f, "{why}"),
            Failure::Cancelled => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for Failure {}

/// How hard one call tries.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// For one attempt, from sending the request to the last byte of the answer.
    pub timeout: Duration,
    /// Further attempts after a transient failure.
    pub retries: u32,
    /// The wait before the first retry; doubled for each further one.
    pub base_delay: Duration,
    /// The longest wait between attempts. A `Retry-After` longer than this ends the call
    /// with a transient failure instead of holding the caller that long.
    pub max_delay: Duration,
    /// The largest answer read back, in bytes.
    pub max_body: usize,
}

impl Default for Policy {
    fn default() -> Self {
        Self {
            timeout: Duration::from_secs(60),
            retries: 2,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(30),
            max_body: 64 * 1024 * 1024,
        }
    }
}

/// A successful answer, read whole.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Reply {
    /// The `Content-Type` without parameters, lower case.
    pub fn content_type(&self) -> String {
        content_type(&self.headers)
    }
}

/// Reads an API's error answer (status and body) and names the failure when the API has
/// its own words for it (a content-policy code, an exhausted quota sent as 429); `None`
/// leaves it to the general rule.
pub type Classify = fn(StatusCode, &[u8]) -> Option<Failure>;

fn no_special_cases(_: StatusCode, _: &[u8]) -> Option<Failure> {
    None
}

/// One hosted endpoint's client. Cheap to clone.
#[derive(Clone)]
pub struct Client {
    http: HttpClient,
    policy: Policy,
    classify: Classify,
    name: &'static str,
}

impl Client {
    /// `name` labels the log lines of this endpoint ("openai images", "runway").
    pub fn new(name: &'static str, policy: Policy) -> Result<Self, Failure> {
        // Never followed: a redirect could lead a download to a host nobody allowed.
        let http = HttpClient::builder()
            .timeout(policy.timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| Failure::Invalid(format!("cannot build the HTTP client: {e}")))?;
        Ok(Self {
            http,
            policy,
            classify: no_special_cases,
            name,
        })
    }

    pub fn with_classifier(mut self, classify: Classify) -> Self {
        self.classify = classify;
        self
    }

    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Sends the request `build` makes (once per attempt, so multipart bodies can be made
    /// afresh) until it succeeds, fails for good or the retries are spent; `read` turns a
    /// successful answer into the result and may itself ask for another attempt by
    /// returning [`Failure::Transient`]. `cancelled` is checked while waiting.
    pub async fn call<T>(
        &self,
        what: &str,
        build: impl Fn(&HttpClient) -> RequestBuilder,
        read: impl Fn(Reply) -> Result<T, Failure>,
        cancelled: &(dyn Fn() -> bool + Sync),
    ) -> Result<T, Failure> {
        let mut attempt = 0;
        loop {
            if cancelled() {
                return Err(Failure::Cancelled);
            }
            let outcome = match until_cancelled(self.attempt(build(&self.http)), cancelled).await {
                None => return Err(Failure::Cancelled),
                Some(Ok(reply)) => read(reply).map_err(|f| (f, None)),
                Some(Err(failed)) => Err(failed),
            };
            let (failure, retry_after) = match outcome {
                Ok(value) => return Ok(value),
                Err((Failure::Transient(why), retry_after)) => (why, retry_after),
                Err((failure, _)) => {
                    if let Failure::Operator(detail) = &failure {
                        tracing::error!(endpoint = self.name, call = what, %detail, "the provider refused the operator's account");
                    }
                    return Err(failure);
                }
            };
            if attempt >= self.policy.retries {
                tracing::warn!(endpoint = self.name, call = what, attempts = attempt + 1, reason = %failure, "hosted call failed");
                return Err(Failure::Transient(failure));
            }
            attempt += 1;
            let wait = match retry_after {
                Some(wait) if wait > self.policy.max_delay => {
                    tracing::warn!(
                        endpoint = self.name,
                        call = what,
                        wait_seconds = wait.as_secs(),
                        "the provider asks for a longer wait than a call holds"
                    );
                    return Err(Failure::Transient(failure));
                }
                Some(wait) => wait,
                None => backoff(&self.policy, attempt),
            };
            tracing::info!(endpoint = self.name, call = what, attempt, wait_ms = wait.as_millis() as u64, reason = %failure, "retrying a hosted call");
            if !sleep_unless_cancelled(wait, cancelled).await {
                return Err(Failure::Cancelled);
            }
        }
    }

    /// One attempt: the answer on success, else the failure with the wait the provider
    /// asked for.
    async fn attempt(&self, request: RequestBuilder) -> Result<Reply, (Failure, Option<Duration>)> {
        let mut response = request.send().await.map_err(|e| (transport(&e), None))?;
        let status = response.status();
        let headers = response.headers().clone();
        if let Some(length) = response.content_length() {
            if length > self.policy.max_body as u64 {
                return Err((
                    Failure::Invalid(format!(
                        "the answer is {length} bytes, more than the {} allowed",
                        self.policy.max_body
                    )),
                    None,
                ));
            }
        }
        let mut body = BytesMut::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| (transport(&e), None))? {
            if body.len() + chunk.len() > self.policy.max_body {
                return Err((
                    Failure::Invalid(format!(
                        "the answer is larger than the {} bytes allowed",
                        self.policy.max_body
                    )),
                    None,
                ));
            }
            body.extend_from_slice(&chunk);
        }
        let body = body.freeze();
        if status.is_success() {
            return Ok(Reply {
                status,
                headers,
                body,
            });
        }
        let failure = (self.classify)(status, &body).unwrap_or_else(|| general_rule(status, &body));
        let retry_after = matches!(failure, Failure::Transient(_))
            .then(|| retry_after(&headers))
            .flatten();
        Err((failure, retry_after))
    }
}

/// Runs `work` unless `cancelled` turns true first (checked a few times a second).
async fn until_cancelled<T>(
    work: impl Future<Output = T>,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> Option<T> {
    let watch = async {
        loop {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if cancelled() {
                return;
            }
        }
    };
    tokio::select! {
        result = work => Some(result),
        () = watch => None,
    }
}

/// Waits `wait`; false when cancelled meanwhile.
pub async fn sleep_unless_cancelled(wait: Duration, cancelled: &(dyn Fn() -> bool + Sync)) -> bool {
    until_cancelled(tokio::time::sleep(wait), cancelled)
        .await
        .is_some()
}

fn transport(e: &reqwest::Error) -> Failure {
    if e.is_timeout() || e.is_connect() || e.is_body() || e.is_decode() {
        Failure::Transient(format!("no answer: {e}"))
    } else {
        Failure::Invalid(format!("request failed: {e}"))
    }
}

/// What an error status means when the API says nothing more specific.
fn general_rule(status: StatusCode, body: &[u8]) -> Failure {
    let detail = format!("the provider answered {status}: {}", excerpt(body));
    match status.as_u16() {
        408 | 425 | 429 | 500..=599 => Failure::Transient(detail),
        401..=403 => Failure::Operator(detail),
        _ => Failure::Invalid(detail),
    }
}

/// The first few hundred characters of a body, for logs.
pub fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let mut cut: String = text.chars().take(300).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

/// `Retry-After` in seconds or as an HTTP date, or OpenAI's `retry-after-ms`.
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    if let Some(ms) = headers
        .get("retry-after-ms")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|ms| ms.is_finite() && *ms >= 0.0)
    {
        return Some(Duration::from_secs_f64(ms / 1000.0));
    }
    let value = headers.get("retry-after")?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(
        at.duration_since(std::time::SystemTime::now())
            .unwrap_or(Duration::ZERO),
    )
}

/// Exponential backoff with jitter: a random wait between half and all of
/// `base × 2^(attempt−1)`, never above the policy's maximum, so callers that failed together
/// do not retry together.
fn backoff(policy: &Policy, attempt: u32) -> Duration {
    let exponential = policy
        .base_delay
        .saturating_mul(2u32.saturating_pow(attempt.saturating_sub(1)))
        .min(policy.max_delay);
    let half = exponential / 2;
    half + half.mul_f64(fastrand::f64())
}

/// A header map's `Content-Type` without parameters, lower case.
pub fn content_type(headers: &HeaderMap) -> String {
    headers
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    #[test]
    fn backoff_grows_with_jitter_and_stays_under_the_cap() {
        let policy = Policy {
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(1000),
            ..Policy::default()
        };
        for _ in 0..50 {
            let first = backoff(&policy, 1);
            assert!((Duration::from_millis(50)..=Duration::from_millis(100)).contains(&first));
            let third = backoff(&policy, 3);
            assert!((Duration::from_millis(200)..=Duration::from_millis(400)).contains(&third));
            assert!(backoff(&policy, 30) <= Duration::from_millis(1000));
        }
    }

    #[test]
    fn retry_after_is_read_in_its_forms() {
        let mut headers = HeaderMap::new();
        assert_eq!(retry_after(&headers), None);
        headers.insert("retry-after", HeaderValue::from_static("7"));
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(7)));
        headers.insert(
            "retry-after",
            HeaderValue::from_static("Wed, 21 Oct 2015 07:28:00 GMT"),
        );
        assert_eq!(
            retry_after(&headers),
            Some(Duration::ZERO),
            "a past date: at once"
        );
        headers.insert("retry-after-ms", HeaderValue::from_static("1500"));
        assert_eq!(retry_after(&headers), Some(Duration::from_millis(1500)));
    }

    #[test]
    fn error_statuses_map_to_failures() {
        let kind = |code: u16| match general_rule(StatusCode::from_u16(code).unwrap(), b"{}") {
            Failure::Transient(_) => "transient",
            Failure::Operator(_) => "operator",
            Failure::Invalid(_) => "invalid",
            Failure::Refused(_) | Failure::Cancelled => "other",
        };
        assert_eq!(kind(429), "transient");
        assert_eq!(kind(503), "transient");
        assert_eq!(kind(401), "operator");
        assert_eq!(kind(403), "operator");
        assert_eq!(kind(400), "invalid");
        assert_eq!(kind(422), "invalid");
    }
}
