//! Projects: a user's top-level folders of scenes.

use crate::BeginWrite;
use chrono::{DateTime, Utc};
use domain::{ProjectName, SceneName, Settings};
use sqlx::types::Json;
use uuid::Uuid;

use crate::scenes::{SceneRow, COLUMNS as SCENE_COLUMNS};
use crate::{now, on_db, Result, Scene, Store, StoreError};

#[derive(Debug, Clone, PartialEq)]
pub struct Project {
    pub id: Uuid,
    pub name: String,
    pub settings: Settings,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

type ProjectRow = (Uuid, String, Json<Settings>, DateTime<Utc>, DateTime<Utc>);

impl From<ProjectRow> for Project {
    fn from((id, name, settings, created_at, updated_at): ProjectRow) -> Self {
        Self {
            id,
            name,
            settings: settings.0,
            created_at,
            updated_at,
        }
    }
}

const COLUMNS: &str = "id, name, settings, created_at, updated_at";

impl Store {
    /// The user's projects, newest first.
    pub async fn projects(&self, user_id: Uuid) -> Result<Vec<Project>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM projects WHERE user_id = $1 ORDER BY created_at DESC, id"
        );
        let rows: Vec<ProjectRow> =
            on_db!(self, p => sqlx::query_as(&sql).bind(user_id).fetch_all(p).await)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    pub async fn project(&self, user_id: Uuid, id: Uuid) -> Result<Project> {
        let sql = format!("SELECT {COLUMNS} FROM projects WHERE id = $1 AND user_id = $2");
        let row: ProjectRow =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).bind(user_id).fetch_one(p).await)?;
        Ok(row.into())
    }

    pub async fn create_project(
        &self,
        user_id: Uuid,
        name: &ProjectName,
        settings: Settings,
    ) -> Result<Project> {
        let at = now();
        let sql = format!(
            "INSERT INTO projects (id, user_id, name, settings, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING {COLUMNS}"
        );
        let row: ProjectRow = on_db!(self, p => sqlx::query_as(&sql)
            .bind(Uuid::new_v4())
            .bind(user_id)
            .bind(name.as_str())
            .bind(Json(settings))
            .bind(at)
            .fetch_one(p)
            .await)?;
        Ok(row.into())
    }

    /// Creates a project and its first scene together, in one transaction: a new project is
    /// never seen without it.
    pub async fn create_project_with_scene(
        &self,
        user_id: Uuid,
        name: &ProjectName,
        settings: Settings,
        scene_name: &SceneName,
    ) -> Result<(Project, Scene)> {
        let at = now();
        let project_sql = format!(
            "INSERT INTO projects (id, user_id, name, settings, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING {COLUMNS}"
        );
        let scene_sql = format!(
            "INSERT INTO scenes (id, project_id, user_id, name, position, active_asset_id, settings, preset_id, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, 1, NULL, $5, NULL, $6, $6) RETURNING {SCENE_COLUMNS}"
        );
        let (project, scene): (ProjectRow, SceneRow) = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let project: ProjectRow = sqlx::query_as(&project_sql)
                .bind(Uuid::new_v4())
                .bind(user_id)
                .bind(name.as_str())
                .bind(Json(&settings))
                .bind(at)
                .fetch_one(&mut *tx)
                .await?;
            let scene: SceneRow = sqlx::query_as(&scene_sql)
                .bind(Uuid::new_v4())
                .bind(project.0)
                .bind(user_id)
                .bind(scene_name.as_str())
                .bind(Json(&settings))
                .bind(at)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok::<_, StoreError>((project, scene))
        })?;
        Ok((project.into(), scene.into()))
    }

    pub async fn rename_project(
        &self,
        user_id: Uuid,
        id: Uuid,
        name: &ProjectName,
    ) -> Result<Project> {
        let sql = format!("UPDATE projects SET name = $1, updated_at = $2 WHERE id = $3 AND user_id = $4 RETURNING {COLUMNS}");
        let row: Option<ProjectRow> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(name.as_str())
            .bind(now())
            .bind(id)
            .bind(user_id)
            .fetch_optional(p)
            .await)?;
        row.map(Into::into).ok_or(StoreError::NotFound)
    }
}
