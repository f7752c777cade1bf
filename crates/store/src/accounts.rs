//! Users and their sessions.

use crate::BeginWrite;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::credits::{insert_ledger_entry, LedgerWrite};
use crate::LedgerReason;
use crate::{now, on_db, Dialect, Result, Signal, Store, StoreError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: Uuid,
    pub email: String,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    pub picture: Option<String>,
    pub created_at: DateTime<Utc>,
}

type UserRow = (
    Uuid,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
);
/// A user row followed by the password hash.
type CredentialsRow = (
    Uuid,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
    String,
);
/// A user row followed by the session's id, last use and expiry.
type SessionRow = (
    Uuid,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
    Uuid,
    DateTime<Utc>,
    DateTime<Utc>,
);

impl From<UserRow> for User {
    fn from((id, email, given_name, family_name, picture, created_at): UserRow) -> Self {
        Self {
            id,
            email,
            given_name,
            family_name,
            picture,
            created_at,
        }
    }
}

const USER_COLUMNS: &str = "u.id, u.email, u.given_name, u.family_name, u.picture, u.created_at";
/// The same columns unqualified, for `RETURNING` (SQLite does not accept a table alias there).
const USER_RETURNING: &str = "id, email, given_name, family_name, picture, created_at";

pub struct NewUser<'a> {
    pub email: &'a domain::Email,
    pub password_hash: &'a str,
    pub given_name: Option<&'a str>,
    pub family_name: Option<&'a str>,
    /// Credits granted with the account, as one ledger entry.
    pub signup_grant: i64,
}

/// A signed-in user found through a session token.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub user: User,
    pub session_id: Uuid,
    pub last_seen_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// The browser and address a session was opened from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionDevice {
    pub user_agent: Option<String>,
    pub address: Option<String>,
}

/// An open session as the account page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    pub id: Uuid,
    pub user_agent: Option<String>,
    pub address: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

type SessionInfoRow = (
    Uuid,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
    DateTime<Utc>,
    DateTime<Utc>,
);

/// Which of a user's sessions to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndSessions {
    All,
    /// Every session but this one (the one asking).
    AllBut(Uuid),
    Only(Uuid),
}

impl Store {
    /// Creates the user and its signup grant in one transaction. A taken email is `Conflict`.
    pub async fn create_user(&self, new: NewUser<'_>) -> Result<User> {
        let id = Uuid::new_v4();
        let at = now();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let row: UserRow = sqlx::query_as(&format!(
                "INSERT INTO users (id, email, password_hash, given_name, family_name, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING {USER_RETURNING}"
            ))
            .bind(id)
            .bind(new.email.as_str())
            .bind(new.password_hash)
            .bind(new.given_name)
            .bind(new.family_name)
            .bind(at)
            .fetch_one(&mut *tx)
            .await?;
            if new.signup_grant > 0 {
                insert_ledger_entry(&mut *tx, LedgerWrite {
                    id: Uuid::new_v4(),
                    user_id: id,
                    delta: new.signup_grant,
                    reason: LedgerReason::SignupGrant,
                    job_id: None,
                    at,
                })
                .await?;
            }
            tx.commit().await?;
            Ok(row.into())
        })
    }

    /// The user with this (normalised) email and their password hash.
    pub async fn user_credentials(&self, email: &domain::Email) -> Result<Option<(User, String)>> {
        let sql = format!("SELECT {USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = $1");
        let row: Option<CredentialsRow> =
            on_db!(self, p => sqlx::query_as(&sql).bind(email.as_str()).fetch_optional(p).await)?;
        Ok(
            row.map(|(id, email, given, family, picture, created, hash)| {
                ((id, email, given, family, picture, created).into(), hash)
            }),
        )
    }

    pub async fn user_by_email(&self, email: &domain::Email) -> Result<User> {
        Ok(self
            .user_credentials(email)
            .await?
            .ok_or(StoreError::NotFound)?
            .0)
    }

    /// Opens a session; `device` is the browser and address that asked, for the account's
    /// list of sessions.
    pub async fn create_session(
        &self,
        user_id: Uuid,
        token_hash: &[u8],
        expires_at: DateTime<Utc>,
        device: &SessionDevice,
    ) -> Result<()> {
        let at = now();
        on_db!(self, p => sqlx::query(
            "INSERT INTO sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at, user_agent, address) \
             VALUES ($1, $2, $3, $4, $4, $5, $6, $7)",
        )
        .bind(Uuid::new_v4())
        .bind(user_id)
        .bind(token_hash)
        .bind(at)
        .bind(expires_at)
        .bind(device.user_agent.as_deref())
        .bind(device.address.as_deref())
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// The user's unexpired sessions, most recently used first.
    pub async fn sessions_of(&self, user_id: Uuid) -> Result<Vec<SessionInfo>> {
        let rows: Vec<SessionInfoRow> = on_db!(self, p => sqlx::query_as(
            "SELECT id, user_agent, address, created_at, last_seen_at, expires_at FROM sessions \
             WHERE user_id = $1 AND expires_at > $2 ORDER BY last_seen_at DESC, created_at DESC",
        )
        .bind(user_id)
        .bind(now())
        .fetch_all(p)
        .await)?;
        Ok(rows
            .into_iter()
            .map(
                |(id, user_agent, address, created_at, last_seen_at, expires_at)| SessionInfo {
                    id,
                    user_agent,
                    address,
                    created_at,
                    last_seen_at,
                    expires_at,
                },
            )
            .collect())
    }

    /// Ends the user's sessions that `which` names, everywhere (as [`Store::delete_session`]
    /// does); returns the ones that ended.
    pub async fn end_sessions(&self, user_id: Uuid, which: EndSessions) -> Result<Vec<Uuid>> {
        self.end_sessions_with(user_id, which, None).await
    }

    /// Sets the user's password hash and ends the sessions `which` names in the same
    /// transaction: no session opened with the old password outlives the change.
    pub async fn set_password(
        &self,
        user_id: Uuid,
        password_hash: &str,
        which: EndSessions,
    ) -> Result<Vec<Uuid>> {
        self.end_sessions_with(user_id, which, Some(password_hash))
            .await
    }

    async fn end_sessions_with(
        &self,
        user_id: Uuid,
        which: EndSessions,
        password_hash: Option<&str>,
    ) -> Result<Vec<Uuid>> {
        let dialect = self.dialect();
        let (condition, session) = match which {
            EndSessions::All => ("TRUE", None),
            EndSessions::AllBut(keep) => ("id <> $2", Some(keep)),
            EndSessions::Only(only) => ("id = $2", Some(only)),
        };
        let sql = format!("DELETE FROM sessions WHERE user_id = $1 AND {condition} RETURNING id");
        let ended: Vec<Uuid> = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            if let Some(hash) = password_hash {
                let updated = sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
                    .bind(hash)
                    .bind(now())
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
                if updated.rows_affected() == 0 {
                    return Err(StoreError::NotFound);
                }
            }
            let mut query = sqlx::query_as::<_, (Uuid,)>(&sql).bind(user_id);
            if let Some(session) = session {
                query = query.bind(session);
            }
            let rows = query.fetch_all(&mut *tx).await?;
            for (session_id,) in &rows {
                sqlx::query("INSERT INTO session_revocations (session_id, revoked_at) VALUES ($1, $2)")
                    .bind(session_id)
                    .bind(now())
                    .execute(&mut *tx)
                    .await?;
                if dialect == Dialect::Postgres {
                    sqlx::query("SELECT pg_notify('studio_sessions', $1)")
                        .bind(session_id.to_string())
                        .execute(&mut *tx)
                        .await?;
                }
            }
            tx.commit().await?;
            Ok::<_, StoreError>(rows.into_iter().map(|(id,)| id).collect())
        })?;
        for session_id in &ended {
            self.signal(Signal::SessionRevoked(*session_id));
        }
        Ok(ended)
    }

    /// The user behind an unexpired session token hash.
    pub async fn session_user(&self, token_hash: &[u8]) -> Result<Option<SessionUser>> {
        let sql = format!(
            "SELECT {USER_COLUMNS}, s.id, s.last_seen_at, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.expires_at > $2"
        );
        let row: Option<SessionRow> = on_db!(self, p => sqlx::query_as(&sql).bind(token_hash).bind(now()).fetch_optional(p).await)?;
        Ok(row.map(
            |(id, email, given, family, picture, created, session_id, last_seen_at, expires_at)| {
                SessionUser {
                    user: (id, email, given, family, picture, created).into(),
                    session_id,
                    last_seen_at,
                    expires_at,
                }
            },
        ))
    }

    /// Whether the user's session is still open (not revoked, not expired).
    pub async fn session_open(&self, user_id: Uuid, session_id: Uuid) -> Result<bool> {
        let row: Option<(Uuid,)> = on_db!(self, p => sqlx::query_as(
            "SELECT id FROM sessions WHERE id = $1 AND user_id = $2 AND expires_at > $3",
        )
        .bind(session_id)
        .bind(user_id)
        .bind(now())
        .fetch_optional(p)
        .await)?;
        Ok(row.is_some())
    }

    /// Slides a session's expiry forward.
    pub async fn touch_session(&self, session_id: Uuid, expires_at: DateTime<Utc>) -> Result<()> {
        on_db!(self, p => sqlx::query("UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id = $3")
            .bind(now())
            .bind(expires_at)
            .bind(session_id)
            .execute(p)
            .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Revokes a session and tells every process (this one at once, the others through the
    /// database) so none keeps serving it from memory; unknown tokens are ignored.
    pub async fn delete_session(&self, token_hash: &[u8]) -> Result<()> {
        let dialect = self.dialect();
        let revoked: Option<Uuid> = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let row: Option<(Uuid,)> =
                sqlx::query_as("DELETE FROM sessions WHERE token_hash = $1 RETURNING id")
                    .bind(token_hash)
                    .fetch_optional(&mut *tx)
                    .await?;
            if let Some((session_id,)) = row {
                sqlx::query("INSERT INTO session_revocations (session_id, revoked_at) VALUES ($1, $2)")
                    .bind(session_id)
                    .bind(now())
                    .execute(&mut *tx)
                    .await?;
                if dialect == Dialect::Postgres {
                    sqlx::query("SELECT pg_notify('studio_sessions', $1)")
                        .bind(session_id.to_string())
                        .execute(&mut *tx)
                        .await?;
                }
            }
            tx.commit().await?;
            Ok::<_, StoreError>(row.map(|(id,)| id))
        })?;
        if let Some(session_id) = revoked {
            self.signal(Signal::SessionRevoked(session_id));
        }
        Ok(())
    }

    /// Forgets revocations older than any process keeps a session in memory.
    pub async fn prune_session_revocations(&self) -> Result<u64> {
        let cutoff = now() - chrono::Duration::hours(1);
        let done = on_db!(self, p => sqlx::query("DELETE FROM session_revocations WHERE revoked_at < $1")
            .bind(cutoff)
            .execute(p)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(done)
    }
}
