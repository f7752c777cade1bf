//! `studio admin …`: operator tasks run against the configured database.

use anyhow::{bail, Context};
use clap::{Subcommand, ValueEnum};
use engine::codec::OutputFormat;
use engine::generate::{generate_image, ImageRequest};
use rand::distributions::{Alphanumeric, DistString};
use store::{LedgerReason, MediaStorage, MediaType, NewMediaAsset, NewUser, Store, StoreError};
use uuid::Uuid;

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Create an account (granted the signup credits). Prints a generated password unless one is given.
    CreateUser {
        email: String,
        #[arg(long)]
        password: Option<String>,
    },
    /// Add credits to an account (a ledger entry with the reason admin_grant).
    GrantCredits {
        email: String,
        #[arg(allow_negative_numbers = false)]
        amount: i64,
    },
    /// Feature flags.
    Flag {
        #[command(subcommand)]
        command: FlagCommand,
    },
    /// Create a demo account with 100 credits and a project of three sample scenes.
    SeedDemo {
        #[arg(long, default_value = "demo@campaign.studio")]
        email: String,
    },
}

#[derive(Subcommand, Debug)]
pub enum FlagCommand {
    /// Turn a flag on or off for everyone.
    Set { name: String, state: FlagState },
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum FlagState {
    On,
    Off,
}

pub async fn run(
    store: &Store,
    storage: &MediaStorage,
    command: AdminCommand,
) -> anyhow::Result<()> {
    match command {
        AdminCommand::CreateUser { email, password } => {
            let (user, password) = create_user(store, &email, password).await?;
            println!(
                "created {} ({}) with {} credits",
                user.email,
                user.id,
                domain::credits::SIGNUP_GRANT
            );
            if let Some(password) = password {
                println!("password: {password}");
            }
            Ok(())
        }
        AdminCommand::GrantCredits { email, amount } => {
            if amount <= 0 {
                bail!("the amount to grant must be a positive number of credits");
            }
            let user = find_user(store, &email).await?;
            store
                .grant_credits(user.id, amount, LedgerReason::AdminGrant)
                .await?;
            let balance = store.balance(user.id).await?;
            println!(
                "granted {amount} credits to {}; balance {}",
                user.email, balance.balance
            );
            Ok(())
        }
        AdminCommand::Flag {
            command: FlagCommand::Set { name, state },
        } => {
            let name = name.trim();
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                bail!("flag names are letters, digits, '_' and '-' (got {name:?})");
            }
            let enabled = matches!(state, FlagState::On);
            store.set_flag(name, enabled).await?;
            println!("flag {name} is {}", if enabled { "on" } else { "off" });
            Ok(())
        }
        AdminCommand::SeedDemo { email } => seed_demo(store, storage, &email).await,
    }
}

/// Creates the account; returns the password when it was generated here.
async fn create_user(
    store: &Store,
    email: &str,
    password: Option<String>,
) -> anyhow::Result<(store::User, Option<String>)> {
    let email = domain::Email::parse(email).map_err(|e| anyhow::anyhow!(e.message))?;
    let generated = password.is_none();
    let password =
        password.unwrap_or_else(|| Alphanumeric.sample_string(&mut rand::thread_rng(), 16));
    let parsed = domain::Password::parse(&password).map_err(|e| anyhow::anyhow!(e.message))?;
    let hash = server::hash_password(&parsed)?;
    let user = store
        .create_user(NewUser {
            email: &email,
            password_hash: &hash,
            given_name: None,
            family_name: None,
            signup_grant: domain::credits::SIGNUP_GRANT,
        })
        .await
        .map_err(|e| match e {
            StoreError::Conflict => anyhow::anyhow!(
                "an account with the email {} already exists",
                email.as_str()
            ),
            other => other.into(),
        })?;
    Ok((user, generated.then_some(password)))
}

async fn find_user(store: &Store, email: &str) -> anyhow::Result<store::User> {
    let email = domain::Email::parse(email).map_err(|e| anyhow::anyhow!(e.message))?;
    store.user_by_email(&email).await.map_err(|e| match e {
        StoreError::NotFound => anyhow::anyhow!("no account with the email {}", email.as_str()),
        other => other.into(),
    })
}

/// The spec's demo state: 100 credits and three sample scenes, each with an image the
/// offline engine renders from its prompt.
const DEMO_PROJECT: &str = "Demo Project";
const DEMO_SCENES: [(&str, &str); 3] = [
    (
        "Hero Shot",
        "amber perfume bottle on dark marble at golden hour, moody",
    ),
    (
        "Lifestyle",
        "white skincare jar on a bathroom counter, soft morning light, fresh",
    ),
    (
        "Social Teaser",
        "red sneaker box in a professional studio, dramatic shadows, bold",
    ),
];

async fn seed_demo(store: &Store, storage: &MediaStorage, email: &str) -> anyhow::Result<()> {
    let (user, password) = create_user(store, email, None)
        .await
        .context("cannot create the demo account (use --email for another address)")?;
    let name = domain::ProjectName::parse(DEMO_PROJECT)?;
    let project = store
        .create_project(user.id, &name, domain::Settings::default())
        .await?;
    for (seed, (scene_name, prompt)) in DEMO_SCENES.into_iter().enumerate() {
        let scene = store
            .create_scene(
                user.id,
                project.id,
                &domain::SceneName::parse(scene_name)?,
                None,
            )
            .await?;
        let asset = sample_image(
            store,
            storage,
            user.id,
            project.id,
            scene.id,
            prompt,
            seed as u64,
        )
        .await?;
        store.set_active_asset(user.id, scene.id, asset).await?;
    }
    println!(
        "demo account ready: {} scenes with sample images in \"{DEMO_PROJECT}\", {} credits",
        DEMO_SCENES.len(),
        domain::credits::SIGNUP_GRANT
    );
    println!("email: {}", user.email);
    if let Some(password) = password {
        println!("password: {password}");
    }
    Ok(())
}

/// Renders `prompt` with the offline engine and stores it as the scene's media.
async fn sample_image(
    store: &Store,
    storage: &MediaStorage,
    user_id: Uuid,
    project_id: Uuid,
    scene_id: Uuid,
    prompt: &'static str,
    seed: u64,
) -> anyhow::Result<Uuid> {
    let (image, thumbnail) = tokio::task::spawn_blocking(move || {
        let mut request = ImageRequest::new(prompt);
        request.seed = seed;
        request.format = OutputFormat::Jpeg;
        let image = generate_image(&request, &mut engine::NoProgress)?;
        let thumbnail = engine::intake::thumbnail_of(&image.bytes)?;
        anyhow::Ok((image, thumbnail))
    })
    .await??;
    let id = Uuid::new_v4();
    let key = format!("media/{id}.jpg");
    let thumbnail_key = format!("media/{id}.thumb.jpg");
    storage.put(&key, image.bytes.clone().into()).await?;
    storage.put(&thumbnail_key, thumbnail.0.into()).await?;
    let metadata = serde_json::json!({
        "generation_type": "image",
        "aspect_ratio": domain::Resolution::default().aspect_ratio(),
        "output_format": "jpeg",
        "prompt": prompt,
        "dimensions": {"width": image.width, "height": image.height},
        "fileSize": image.bytes.len(),
    });
    store
        .create_media_asset(&NewMediaAsset {
            id,
            user_id,
            project_id,
            scene_id: Some(scene_id),
            file_type: MediaType::Image,
            mime_type: image.mime.to_owned(),
            storage_key: key,
            thumbnail_key: Some(thumbnail_key),
            poster_key: None,
            filename: format!("{id}.jpg"),
            file_size: image.bytes.len() as i64,
            width: Some(i64::from(image.width)),
            height: Some(i64::from(image.height)),
            duration_seconds: None,
            file_metadata: metadata,
            credit_cost: 0,
        })
        .await?;
    Ok(id)
}
