//! Share links: one file of a user's, readable without signing in until the link expires or
//! its owner revokes it. The link's token is signed (see [`crate::Signer`]); this row is what
//! lets the owner list and revoke it.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{on_db, Result, Store, StoreError};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ShareLink {
    pub id: Uuid,
    pub user_id: Uuid,
    pub file_id: Uuid,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// The shared file's type; none once the file is deleted.
    pub mime_type: Option<String>,
    /// The project the file belongs to.
    pub project_name: Option<String>,
}

/// A link with its file's type and project, whichever table the file is in.
const SELECT: &str =
    "SELECT l.id, l.user_id, l.file_id, l.created_at, l.expires_at, l.revoked_at, \
     COALESCE(m.mime_type, r.mime_type) AS mime_type, COALESCE(pm.name, pr.name) AS project_name \
     FROM share_links l \
     LEFT JOIN media_assets m ON m.id = l.file_id AND m.user_id = l.user_id \
     LEFT JOIN reference_images r ON r.id = l.file_id AND r.user_id = l.user_id \
     LEFT JOIN projects pm ON pm.id = m.project_id \
     LEFT JOIN projects pr ON pr.id = r.project_id";

impl Store {
    pub async fn create_share_link(
        &self,
        user_id: Uuid,
        file_id: Uuid,
        expires_at: DateTime<Utc>,
    ) -> Result<ShareLink> {
        let id = Uuid::new_v4();
        on_db!(self, p => sqlx::query(
            "INSERT INTO share_links (id, user_id, file_id, created_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5, NULL)",
        )
        .bind(id)
        .bind(user_id)
        .bind(file_id)
        .bind(crate::now())
        .bind(expires_at)
        .execute(p)
        .await
        .map(|_| ()))?;
        self.share_link(id).await
    }

    /// Any user's link by id (the public page looks links up by their signed token).
    pub async fn share_link(&self, id: Uuid) -> Result<ShareLink> {
        let sql = format!("{SELECT} WHERE l.id = $1");
        let link: Option<ShareLink> =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).fetch_optional(p).await)?;
        link.ok_or(StoreError::NotFound)
    }

    /// The user's links that still work (neither revoked nor expired, the file still there),
    /// newest first.
    pub async fn live_share_links(&self, user_id: Uuid) -> Result<Vec<ShareLink>> {
        let sql = format!(
            "{SELECT} WHERE l.user_id = $1 AND l.revoked_at IS NULL AND l.expires_at > $2 \
             AND COALESCE(m.mime_type, r.mime_type) IS NOT NULL \
             ORDER BY l.created_at DESC, l.id LIMIT 200"
        );
        let links = on_db!(self, p => sqlx::query_as(&sql).bind(user_id).bind(crate::now()).fetch_all(p).await)?;
        Ok(links)
    }

    /// Stops one of the user's links from working; revoking twice is not an error.
    pub async fn revoke_share_link(&self, user_id: Uuid, id: Uuid) -> Result<()> {
        let done = on_db!(self, p => sqlx::query(
            "UPDATE share_links SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .bind(crate::now())
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}
