//! Scenes (the interface calls them campaigns): ordered within a project.

use crate::BeginWrite;
use std::collections::HashSet;

use chrono::{DateTime, Utc};
use domain::{SceneName, Settings};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{now, on_db, Result, Store, StoreError};

#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub id: Uuid,
    pub project_id: Uuid,
    pub name: String,
    /// Its place among the project's scenes, from 1. The column is `position`: `order` is a
    /// reserved word in SQL.
    pub order: i64,
    pub active_asset_id: Option<Uuid>,
    pub settings: Settings,
    pub preset_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub(crate) type SceneRow = (
    Uuid,
    Uuid,
    String,
    i64,
    Option<Uuid>,
    Json<Settings>,
    Option<Uuid>,
    DateTime<Utc>,
    DateTime<Utc>,
);

impl From<SceneRow> for Scene {
    fn from(r: SceneRow) -> Self {
        Self {
            id: r.0,
            project_id: r.1,
            name: r.2,
            order: r.3,
            active_asset_id: r.4,
            settings: r.5 .0,
            preset_id: r.6,
            created_at: r.7,
            updated_at: r.8,
        }
    }
}

pub(crate) const COLUMNS: &str =
    "id, project_id, name, position, active_asset_id, settings, preset_id, created_at, updated_at";

/// The changes `PATCH /api/scenes/{id}` may make.
#[derive(Debug, Default)]
pub struct ScenePatch {
    pub name: Option<SceneName>,
    pub settings: Option<Settings>,
}

impl Store {
    /// The scenes of one of the user's projects, by order. Another user's project is `NotFound`.
    pub async fn scenes(&self, user_id: Uuid, project_id: Uuid) -> Result<Vec<Scene>> {
        self.project(user_id, project_id).await?;
        let sql = format!("SELECT {COLUMNS} FROM scenes WHERE project_id = $1 AND user_id = $2 ORDER BY position, created_at");
        let rows: Vec<SceneRow> = on_db!(self, p => sqlx::query_as(&sql).bind(project_id).bind(user_id).fetch_all(p).await)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    pub async fn scene(&self, user_id: Uuid, id: Uuid) -> Result<Scene> {
        let sql = format!("SELECT {COLUMNS} FROM scenes WHERE id = $1 AND user_id = $2");
        let row: SceneRow =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).bind(user_id).fetch_one(p).await)?;
        Ok(row.into())
    }

    /// Appends a scene to the project; it starts with the project's settings.
    pub async fn create_scene(
        &self,
        user_id: Uuid,
        project_id: Uuid,
        name: &SceneName,
        preset_id: Option<Uuid>,
    ) -> Result<Scene> {
        let project = self.project(user_id, project_id).await?;
        let at = now();
        let sql = format!(
            "INSERT INTO scenes (id, project_id, user_id, name, position, active_asset_id, settings, preset_id, created_at, updated_at) \
             SELECT $1, $2, $3, $4, COALESCE(MAX(position), 0) + 1, NULL, $5, $6, $7, $7 FROM scenes WHERE project_id = $2 \
             RETURNING {COLUMNS}"
        );
        let row: SceneRow = on_db!(self, p => sqlx::query_as(&sql)
            .bind(Uuid::new_v4())
            .bind(project_id)
            .bind(user_id)
            .bind(name.as_str())
            .bind(Json(project.settings))
            .bind(preset_id)
            .bind(at)
            .fetch_one(p)
            .await)?;
        Ok(row.into())
    }

    pub async fn update_scene(&self, user_id: Uuid, id: Uuid, patch: ScenePatch) -> Result<Scene> {
        let current = self.scene(user_id, id).await?;
        let name = patch
            .name
            .as_ref()
            .map_or(current.name.as_str(), SceneName::as_str);
        let settings = patch.settings.unwrap_or(current.settings);
        let sql = format!("UPDATE scenes SET name = $1, settings = $2, updated_at = $3 WHERE id = $4 AND user_id = $5 RETURNING {COLUMNS}");
        let row: Option<SceneRow> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(name)
            .bind(Json(settings))
            .bind(now())
            .bind(id)
            .bind(user_id)
            .fetch_optional(p)
            .await)?;
        row.map(Into::into).ok_or(StoreError::NotFound)
    }

    /// Puts the project's scenes in the given order, numbered 1..n. `ids` must name every
    /// scene of the project exactly once.
    pub async fn reorder_scenes(
        &self,
        user_id: Uuid,
        project_id: Uuid,
        ids: &[Uuid],
    ) -> Result<Vec<Scene>> {
        let existing: HashSet<Uuid> = self
            .scenes(user_id, project_id)
            .await?
            .into_iter()
            .map(|s| s.id)
            .collect();
        let requested: HashSet<Uuid> = ids.iter().copied().collect();
        if requested.len() != ids.len() || requested != existing {
            return Err(StoreError::Invalid(
                "scene_ids must list every scene of the project exactly once".into(),
            ));
        }
        let at = now();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            for (index, id) in ids.iter().enumerate() {
                sqlx::query("UPDATE scenes SET position = $1, updated_at = $2 WHERE id = $3 AND project_id = $4 AND user_id = $5")
                    .bind(index as i64 + 1)
                    .bind(at)
                    .bind(id)
                    .bind(project_id)
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>(())
        })?;
        self.scenes(user_id, project_id).await
    }

    /// Makes one of the scene's own media assets the one its card shows.
    pub async fn set_active_asset(
        &self,
        user_id: Uuid,
        scene_id: Uuid,
        asset_id: Uuid,
    ) -> Result<Scene> {
        let sql = format!(
            "UPDATE scenes SET active_asset_id = $1, updated_at = $2 WHERE id = $3 AND user_id = $4 \
             AND EXISTS (SELECT 1 FROM media_assets m WHERE m.id = $1 AND m.scene_id = $3 AND m.user_id = $4) \
             RETURNING {COLUMNS}"
        );
        let row: Option<SceneRow> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(asset_id)
            .bind(now())
            .bind(scene_id)
            .bind(user_id)
            .fetch_optional(p)
            .await)?;
        row.map(Into::into).ok_or(StoreError::NotFound)
    }
}
