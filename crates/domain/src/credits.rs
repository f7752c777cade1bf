//! Credits: what every new account is granted. What each job costs is [`crate::JobKind::price`].

/// Credits granted to every new account.
pub const SIGNUP_GRANT: i64 = 100;
