//! Accounts and sessions: argon2id password hashes, random 256-bit session tokens stored
//! only as SHA-256 hashes, 30-day sliding expiry, and database-backed attempt limits.

use std::net::IpAddr;
use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum_extra::extract::cookie::{Cookie, SameSite};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::Duration;
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};
use store::{EndSessions, NewUser, SessionDevice, SessionUser, Store, StoreError, User};

use crate::error::{ApiError, ApiResult};
use crate::rate_limit::{count_in_window, rate_limited, Window};
use crate::sessions::SessionCache;
use crate::state::ServerConfig;

pub const SESSION_COOKIE: &str = "studio_session";
pub const SIGN_IN_REQUIRED: &str = "Please sign in to continue";
pub const SESSION_DAYS: i64 = 30;
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
async fn start_session(
    store: &Store,
    user_id: uuid::Uuid,
    device: &SessionDevice,
) -> ApiResult<String> {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    store
        .create_session(
            user_id,
            &token_hash(&token),
            store::now() + Duration::days(SESSION_DAYS),
            device,
        )
        .await?;
    Ok(token)
}

/// The browser and address asking for a session, as the list of sessions shows them.
pub fn session_device(user_agent: Option<&str>, ip: IpAddr) -> SessionDevice {
    const MAX_USER_AGENT: usize = 300;
    let user_agent = user_agent
        .map(|ua| {
            ua.chars()
                .filter(|c| !c.is_control())
                .take(MAX_USER_AGENT)
                .collect::<String>()
        })
        .filter(|ua| !ua.trim().is_empty());
    SessionDevice {
        user_agent,
        address: Some(ip.to_string()),
    }
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
    let now = store::now();
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

/// Counts a sign-up attempt against the per-address and per-email limits.
pub async fn limit_sign_ups(
    store: &Store,
    config: &ServerConfig,
    ip: IpAddr,
    email: &str,
) -> ApiResult<()> {
    let window = Window::seconds(config.auth_rate_limit_window_seconds);
    count_in_window(
        store,
        window,
        &format!("auth:ip:{ip}"),
        config.auth_rate_limit_per_ip,
    )
    .await?;
    count_in_window(
        store,
        window,
        &format!("signup:account:{email}"),
        config.auth_rate_limit_per_account,
    )
    .await
}

/// Failures one address may make on one account before it has to wait.
const FREE_FAILURES: i64 = 5;
/// The first wait; each further failure doubles it, up to [`LONGEST_WAIT_SECONDS`].
const FIRST_WAIT_SECONDS: i64 = 30;
const LONGEST_WAIT_SECONDS: i64 = 3600;

/// How long a pair waits after its `failures`-th failure in a row.
fn wait_after(failures: i64) -> i64 {
    if failures < FREE_FAILURES {
        return 0;
    }
    let doublings = u32::try_from(failures - FREE_FAILURES)
        .unwrap_or(u32::MAX)
        .min(20);
    (FIRST_WAIT_SECONDS << doublings).min(LONGEST_WAIT_SECONDS)
}

/// Sign-in limits, built so that guessing stays slow while nobody elsewhere can lock the
/// owner out:
/// - per address, every account: `auth_rate_limit_per_ip` attempts a window (a minute
///   unless configured);
/// - per account and address together: a few failures are free, then that address waits,
///   30 s doubling with each further failure up to an hour (a success clears it). Only that
///   address is slowed, never the account;
/// - per account: failures from addresses that never signed in to it count against
///   `auth_rate_limit_per_account` a window; past it such addresses wait for the next
///   window, so guesses spread over many addresses stay slow too. An address the owner has
///   signed in from is never refused by this rule.
pub struct SignInThrottle<'a> {
    store: &'a Store,
    window: Window,
    email: String,
    address: String,
    ip_key: String,
    account_key: String,
}

impl<'a> SignInThrottle<'a> {
    /// Checks whether this attempt may go ahead; 429 with the wait otherwise.
    pub async fn check(
        store: &'a Store,
        config: &ServerConfig,
        ip: IpAddr,
        email: &str,
    ) -> ApiResult<SignInThrottle<'a>> {
        let email = email.trim().to_lowercase();
        let throttle = SignInThrottle {
            store,
            window: Window::seconds(config.auth_rate_limit_window_seconds),
            address: ip.to_string(),
            ip_key: format!("auth:ip:{ip}"),
            account_key: format!("signin:unfamiliar:{email}"),
            email,
        };
        count_in_window(
            store,
            throttle.window,
            &throttle.ip_key,
            config.auth_rate_limit_per_ip,
        )
        .await?;
        let pair = store
            .sign_in_pair(&throttle.email, &throttle.address)
            .await?;
        let now = store::now().timestamp();
        if pair.blocked_until > now {
            return Err(rate_limited(pair.blocked_until, now));
        }
        if !pair.succeeded {
            let start = throttle.window.start(now);
            let failures = store
                .attempts_in_window(&throttle.account_key, start)
                .await?;
            if failures >= i64::from(config.auth_rate_limit_per_account) {
                return Err(rate_limited(throttle.window.end(now), now));
            }
        }
        Ok(throttle)
    }

    async fn failed(&self) -> ApiResult<()> {
        let now = store::now().timestamp();
        let failures = self
            .store
            .count_sign_in_failure(&self.email, &self.address, now)
            .await?;
        let wait = wait_after(failures);
        if wait > 0 {
            self.store
                .block_sign_in_pair(&self.email, &self.address, now + wait)
                .await?;
        }
        let pair = self.store.sign_in_pair(&self.email, &self.address).await?;
        if !pair.succeeded {
            let start = self.window.start(now);
            self.store
                .count_attempt(&self.account_key, start, self.window.forget_before(now))
                .await?;
        }
        Ok(())
    }

    async fn succeeded(&self) -> ApiResult<()> {
        self.store
            .sign_in_succeeded(&self.email, &self.address, store::now().timestamp())
            .await?;
        Ok(())
    }
}

pub struct SignUp {
    pub email: domain::Email,
    pub password: domain::Password,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
}

/// Creates the account with its signup credit grant and opens a session; the address it
/// came from counts as one the owner signs in from.
pub async fn sign_up(
    store: &Store,
    input: SignUp,
    device: &SessionDevice,
) -> ApiResult<(User, String)> {
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
    let token = start_session(store, user.id, device).await?;
    if let Some(address) = &device.address {
        store
            .sign_in_succeeded(&user.email, address, store::now().timestamp())
            .await?;
    }
    Ok((user, token))
}

/// Checks the credentials and opens a session. Unknown email and wrong password answer
/// the same message after the same work.
pub async fn sign_in(
    throttle: SignInThrottle<'_>,
    email: &str,
    password: &str,
    device: &SessionDevice,
) -> ApiResult<(User, String)> {
    let store = throttle.store;
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
            throttle.succeeded().await?;
            let token = start_session(store, user.id, device).await?;
            Ok((user, token))
        }
        _ => {
            throttle.failed().await?;
            Err(ApiError::Unauthenticated(INVALID_CREDENTIALS))
        }
    }
}

/// Why a password change was refused.
pub const WRONG_CURRENT_PASSWORD: &str = "The current password is not correct";

/// Changes the signed-in user's password after checking the current one, and ends every
/// other session of theirs (with their event streams and media tokens) everywhere. The
/// current password is held to the sign-in limits of this address, so a stolen session
/// cannot guess it quickly.
pub async fn change_password(
    throttle: SignInThrottle<'_>,
    sessions: &SessionCache,
    current: &crate::extract::CurrentUser,
    current_password: &str,
    new_password: &domain::Password,
) -> ApiResult<usize> {
    let store = throttle.store;
    let email = domain::Email::parse(&current.user.email)?;
    let hash = store.user_credentials(&email).await?.map(|(_, hash)| hash);
    if !verify_password(hash, current_password).await? {
        throttle.failed().await?;
        return Err(ApiError::validation(
            "current_password",
            WRONG_CURRENT_PASSWORD,
        ));
    }
    let new_hash = hash_password(new_password).await?;
    let ended = store
        .set_password(
            current.user.id,
            &new_hash,
            EndSessions::AllBut(current.session_id),
        )
        .await?;
    for session_id in &ended {
        sessions.revoke(*session_id);
    }
    Ok(ended.len())
}

/// Ends the user's sessions `which` names, everywhere; this node stops accepting them
/// before answering.
pub async fn end_sessions(
    store: &Store,
    sessions: &SessionCache,
    user_id: uuid::Uuid,
    which: EndSessions,
) -> ApiResult<usize> {
    let ended = store.end_sessions(user_id, which).await?;
    for session_id in &ended {
        sessions.revoke(*session_id);
    }
    Ok(ended.len())
}
