//! Accounts and sessions: argon2id password hashes, random 256-bit session tokens stored
//! only as SHA-256 hashes, 30-day sliding expiry, and database-backed attempt limits.

use std::net::IpAddr;
use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum_extra::extract::cookie::{Cookie, SameSite};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Duration, Utc};
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};
use store::{NewUser, SessionUser, Store, StoreError, User};

use crate::error::{ApiError, ApiResult};
use crate::sessions::SessionCache;
use crate::state::ServerConfig;

pub const SESSION_COOKIE: &str = "studio_session";
pub const SIGN_IN_REQUIRED: &str = "Please sign in to continue";
const SESSION_DAYS: i64 = 30;
/// A session's expiry is pushed forward at most this often, to spare a write per request.
const SLIDE_EVERY_MINUTES: i64 = 60;
const INVALID_CREDENTIALS: &str = "Invalid email or password";

/// Verified against when the email is unknown, so both answers take the same time.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_password_blocking("not-a-real-password"));

pub(crate) fn hash_password_blocking(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 hashing with default parameters cannot fail")
        .to_string()
}

fn verify_password_blocking(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Hashes off the async runtime: argon2id is deliberately slow.
pub async fn hash_password(password: &domain::Password) -> ApiResult<String> {
    let password = password.expose().to_owned();
    tokio::task::spawn_blocking(move || hash_password_blocking(&password))
        .await
        .map_err(|e| ApiError::Internal(e.into()))
}

async fn verify_password(hash: Option<String>, password: &str) -> ApiResult<bool> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || match hash {
        Some(hash) => verify_password_blocking(&hash, &password),
        None => {
            verify_password_blocking(&DUMMY_HASH, &password);
            false
        }
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))
}

pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A new session for `user_id`; returns the token, which is never stored.
async fn start_session(store: &Store, user_id: uuid::Uuid) -> ApiResult<String> {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    store
        .create_session(
            user_id,
            &token_hash(&token),
            Utc::now() + Duration::days(SESSION_DAYS),
        )
        .await?;
    Ok(token)
}

/// An open session (from memory when read a moment ago); slides its expiry.
pub async fn open_session(
    store: &Store,
    sessions: &SessionCache,
    token_hash: &[u8; 32],
) -> ApiResult<SessionUser> {
    if let Some(session) = sessions.get(token_hash) {
        return Ok(session);
    }
    let session = store
        .session_user(token_hash)
        .await?
        .ok_or(ApiError::Unauthenticated(SIGN_IN_REQUIRED))?;
    let now = Utc::now();
    if now - session.last_seen_at > Duration::minutes(SLIDE_EVERY_MINUTES) {
        store
            .touch_session(session.session_id, now + Duration::days(SESSION_DAYS))
            .await?;
    }
    sessions.put(*token_hash, session.clone());
    Ok(session)
}

/// Revokes the session everywhere; this node stops accepting it before answering.
pub async fn sign_out(
    store: &Store,
    sessions: &SessionCache,
    session_id: uuid::Uuid,
    token_hash: &[u8; 32],
) -> ApiResult<()> {
    store.delete_session(token_hash).await?;
    sessions.revoke(session_id);
    Ok(())
}

pub fn session_cookie(token: String, config: &ServerConfig) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(config.secure_cookies)
        .path("/")
        .max_age(time_days(SESSION_DAYS))
        .build()
}

pub fn expired_session_cookie(config: &ServerConfig) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, ""))
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(config.secure_cookies)
        .path("/")
        .max_age(time_days(0))
        .build()
}

fn time_days(days: i64) -> time::Duration {
    time::Duration::days(days)
}

/// Counts a sign-in or sign-up attempt against the per-IP and per-account limits.
pub async fn limit_attempts(
    store: &Store,
    config: &ServerConfig,
    ip: IpAddr,
    email: &str,
) -> ApiResult<()> {
    const WINDOW: i64 = 60;
    let now = Utc::now().timestamp();
    let window_start = now - now.rem_euclid(WINDOW);
    let checks = [
        (format!("auth:ip:{ip}"), config.auth_rate_limit_per_ip),
        (
            format!("auth:account:{email}"),
            config.auth_rate_limit_per_account,
        ),
    ];
    for (key, limit) in checks {
        let attempts = store
            .count_attempt(&key, window_start, window_start - WINDOW)
            .await?;
        if attempts > i64::from(limit) {
            let retry_after_seconds = u64::try_from(window_start + WINDOW - now)
                .unwrap_or(1)
                .max(1);
            return Err(ApiError::RateLimited {
                retry_after_seconds,
            });
        }
    }
    Ok(())
}

pub struct SignUp {
    pub email: domain::Email,
    pub password: domain::Password,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
}

/// Creates the account with its signup credit grant and opens a session.
pub async fn sign_up(store: &Store, input: SignUp) -> ApiResult<(User, String)> {
    let password_hash = hash_password(&input.password).await?;
    let user = store
        .create_user(NewUser {
            email: &input.email,
            password_hash: &password_hash,
            given_name: input.given_name.as_deref(),
            family_name: input.family_name.as_deref(),
            signup_grant: domain::credits::SIGNUP_GRANT,
        })
        .await
        .map_err(|e| match e {
            StoreError::Conflict => ApiError::Conflict(
                "Could not create an account with this email. Try signing in instead.".into(),
            ),
            other => other.into(),
        })?;
    let token = start_session(store, user.id).await?;
    Ok((user, token))
}

/// Checks the credentials and opens a session. Unknown email and wrong password answer
/// the same message after the same work.
pub async fn sign_in(store: &Store, email: &str, password: &str) -> ApiResult<(User, String)> {
    let found = match domain::Email::parse(email) {
        Ok(email) => store.user_credentials(&email).await?,
        Err(_) => None,
    };
    let (user, hash) = match found {
        Some((user, hash)) => (Some(user), Some(hash)),
        None => (None, None),
    };
    let valid = verify_password(hash, password).await?;
    match user {
        Some(user) if valid => {
            let token = start_session(store, user.id).await?;
            Ok((user, token))
        }
        _ => Err(ApiError::Unauthenticated(INVALID_CREDENTIALS)),
    }
}
