//! What the services' own tests run against: a real SQLite database and local media storage
//! in a temporary directory, with one signed-up user owning a project and a campaign.

use std::sync::Arc;

use uuid::Uuid;

use crate::state::{AppState, ServerConfig};

pub struct TestWorld {
    pub state: AppState,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Uuid,
    dir: tempfile::TempDir,
}

impl TestWorld {
    pub async fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("studio.db").display());
        let store = store::Store::connect(&url).await.unwrap();
        store.migrate().await.unwrap();
        let storage = store::MediaStorage::open(&store::StorageConfig {
            url: None,
            data_dir: dir.path().to_owned(),
            s3_endpoint: None,
            s3_region: None,
            s3_access_key_id: None,
            s3_secret_access_key: None,
        })
        .unwrap();
        let state = AppState::new(
            store,
            storage,
            ServerConfig::default(),
            Arc::new(ai::builtin::BuiltinAssistant),
        )
        .await
        .unwrap();
        let (user_id, project_id, scene_id) = Self::seller(&state, "seller@example.com").await;
        Self {
            state,
            user_id,
            project_id,
            scene_id,
            dir,
        }
    }

    /// Another user with a project and a campaign of their own.
    pub async fn seller(state: &AppState, email: &str) -> (Uuid, Uuid, Uuid) {
        let email = domain::Email::parse(email).unwrap();
        let user = state
            .store
            .create_user(store::NewUser {
                email: &email,
                password_hash: "not-a-real-hash",
                given_name: None,
                family_name: None,
                signup_grant: 10,
            })
            .await
            .unwrap();
        let project = state
            .store
            .create_project(
                user.id,
                &domain::ProjectName::parse("Products").unwrap(),
                domain::Settings::default(),
            )
            .await
            .unwrap();
        let scene = state
            .store
            .create_scene(
                user.id,
                project.id,
                &domain::SceneName::parse("Launch").unwrap(),
                None,
            )
            .await
            .unwrap();
        (user.id, project.id, scene.id)
    }

    /// Every file under the media directory, as paths relative to it.
    pub fn stored_files(&self) -> Vec<String> {
        let root = self.dir.path().join("media");
        let mut found = Vec::new();
        let mut pending = vec![root.clone()];
        while let Some(dir) = pending.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    pending.push(path);
                } else {
                    found.push(path.strip_prefix(&root).unwrap().display().to_string());
                }
            }
        }
        found.sort();
        found
    }
}

/// A small opaque PNG of the given size.
pub fn png(width: u32, height: u32) -> bytes::Bytes {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x * 7) as u8, (y * 5) as u8, 120])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    bytes::Bytes::from(out.into_inner())
}
