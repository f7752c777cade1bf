//! `studio admin …`: operator tasks run against the configured database.

use anyhow::{bail, Context};
use clap::{Subcommand, ValueEnum};
use engine::codec::OutputFormat;
use engine::generate::{generate_image, ImageRequest};
use rand::distributions::{Alphanumeric, DistString};
use store::{LedgerReason, MediaStorage, NewMediaAsset, NewUser, Store, StoreError};
use uuid::Uuid;

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// Create an account (granted the signup credits). Prints a generated password unless one is given.
    CreateUser {
        email: String,
        #[arg(long)]
        password: Option<String>,
    },
    /// Set a new password for an account and end all its sessions. Prints a generated
    /// password unless one is given.
    ResetPassword {
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
    /// Create an account with one large project, for measuring the storyboard: `--scenes`
    /// campaigns sharing `--assets` images (a few renders, each stored as its own file).
    SeedStoryboard {
        email: String,
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1000))]
        scenes: u32,
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=20000))]
        assets: u32,
    },
    /// What generations cost at each provider and model since a date (YYYY-MM-DD, UTC):
    /// completed and failed-or-cancelled generations, the credits paid, provider-reported
    /// tokens, seconds made.
    Usage {
        #[arg(long, value_name = "DATE")]
        since: chrono::NaiveDate,
    },
    /// Analytics events since a date (YYYY-MM-DD, UTC): how often each was sent and by how
    /// many users, then the purchase funnel from modal view to completed checkout.
    Analytics {
        #[arg(long, value_name = "DATE")]
        since: chrono::NaiveDate,
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
        AdminCommand::Usage { since } => print_usage(store, since).await,
        AdminCommand::Analytics { since } => print_analytics(store, since).await,
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
        AdminCommand::ResetPassword { email, password } => {
            let user = find_user(store, &email).await?;
            let (password, generated) = chosen_password(password)?;
            let hash = server::hash_password(&password)?;
            let ended = store
                .set_password(user.id, &hash, store::EndSessions::All)
                .await?;
            println!(
                "reset the password of {}; ended {} session(s)",
                user.email,
                ended.len()
            );
            if generated {
                println!("password: {}", password.expose());
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
        AdminCommand::SeedStoryboard {
            email,
            scenes,
            assets,
        } => seed_storyboard(store, storage, &email, scenes, assets).await,
    }
}

/// The given password, checked like a user's, or a generated one (then true).
fn chosen_password(password: Option<String>) -> anyhow::Result<(domain::Password, bool)> {
    let generated = password.is_none();
    let password =
        password.unwrap_or_else(|| Alphanumeric.sample_string(&mut rand::thread_rng(), 16));
    let parsed = domain::Password::parse(&password).map_err(|e| anyhow::anyhow!(e.message))?;
    Ok((parsed, generated))
}

/// Creates the account; returns the password when it was generated here.
async fn create_user(
    store: &Store,
    email: &str,
    password: Option<String>,
) -> anyhow::Result<(store::User, Option<String>)> {
    let email = domain::Email::parse(email).map_err(|e| anyhow::anyhow!(e.message))?;
    let (parsed, generated) = chosen_password(password)?;
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
    Ok((user, generated.then(|| parsed.expose().to_owned())))
}

async fn find_user(store: &Store, email: &str) -> anyhow::Result<store::User> {
    let email = domain::Email::parse(email).map_err(|e| anyhow::anyhow!(e.message))?;
    store.user_by_email(&email).await.map_err(|e| match e {
        StoreError::NotFound => anyhow::anyhow!("no account with the email {}", email.as_str()),
        other => other.into(),
    })
}

/// The demo state: 100 credits and three sample scenes, each with an image the
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

/// A rendered sample: the image and its thumbnail.
struct Sample {
    prompt: &'static str,
    image: engine::generate::RenderedImage,
    thumbnail: Vec<u8>,
}

async fn render_sample(
    prompt: &'static str,
    seed: u64,
    resolution: domain::Resolution,
) -> anyhow::Result<Sample> {
    tokio::task::spawn_blocking(move || {
        let mut request = ImageRequest::new(prompt);
        request.seed = seed;
        request.resolution = resolution;
        request.format = OutputFormat::Jpeg;
        let image = generate_image(&request, &mut engine::NoProgress)?;
        let thumbnail = engine::intake::thumbnail_of(&image.bytes)?.0;
        anyhow::Ok(Sample {
            prompt,
            image,
            thumbnail,
        })
    })
    .await?
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
    let sample = render_sample(prompt, seed, domain::Resolution::default()).await?;
    store_sample(store, storage, user_id, project_id, scene_id, &sample).await
}

/// Stores a rendered sample as a new media asset of the scene (its own objects, no charge).
async fn store_sample(
    store: &Store,
    storage: &MediaStorage,
    user_id: Uuid,
    project_id: Uuid,
    scene_id: Uuid,
    sample: &Sample,
) -> anyhow::Result<Uuid> {
    let (image, prompt) = (&sample.image, sample.prompt);
    let id = Uuid::new_v4();
    let key = format!("media/{id}.jpg");
    let thumbnail_key = format!("media/{id}.thumb.jpg");
    storage.put(&key, image.bytes.clone().into()).await?;
    storage
        .put(&thumbnail_key, sample.thumbnail.clone().into())
        .await?;
    let aspect_ratio = if image.width == image.height {
        "1:1"
    } else if image.width > image.height {
        "3:2"
    } else {
        "2:3"
    };
    let metadata = domain::FileMetadata {
        generation_type: Some(domain::JobKind::Image),
        aspect_ratio: Some(aspect_ratio.to_owned()),
        output_format: Some("jpeg".to_owned()),
        prompt: Some(prompt.to_owned()),
        dimensions: Some(domain::Dimensions {
            width: image.width,
            height: image.height,
        }),
        file_size: Some(image.bytes.len() as i64),
        ..domain::FileMetadata::default()
    };
    store
        .create_media_asset(&NewMediaAsset {
            id,
            user_id,
            project_id,
            scene_id: Some(scene_id),
            file_type: domain::MediaKind::Image,
            mime_type: image.mime.to_owned(),
            storage_key: key,
            thumbnail_key: Some(thumbnail_key),
            poster_key: None,
            watermarked_key: None,
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

/// The prompts and sizes the storyboard fixture cycles through (every shape of card).
const STORYBOARD_SAMPLES: [(&str, domain::Resolution); 4] = [
    (
        "amber serum bottle on dark marble at golden hour",
        domain::Resolution::Portrait,
    ),
    (
        "white jar on a bathroom counter, soft light",
        domain::Resolution::Square,
    ),
    (
        "red sneaker in a studio, dramatic shadows",
        domain::Resolution::Landscape,
    ),
    (
        "green tea tin outdoors, fresh palette",
        domain::Resolution::Portrait,
    ),
];

async fn seed_storyboard(
    store: &Store,
    storage: &MediaStorage,
    email: &str,
    scene_count: u32,
    asset_count: u32,
) -> anyhow::Result<()> {
    let (user, password) = create_user(store, email, None).await?;
    let name = domain::ProjectName::parse("Storyboard at scale")?;
    let project = store
        .create_project(user.id, &name, domain::Settings::default())
        .await?;
    let mut samples = Vec::new();
    for (seed, (prompt, resolution)) in STORYBOARD_SAMPLES.into_iter().enumerate() {
        samples.push(render_sample(prompt, seed as u64, resolution).await?);
    }
    let mut scenes = Vec::new();
    for n in 1..=scene_count {
        let scene = store
            .create_scene(
                user.id,
                project.id,
                &domain::SceneName::parse(&format!("Campaign {n}"))?,
                None,
            )
            .await?;
        scenes.push(scene.id);
    }
    for n in 0..asset_count as usize {
        let scene = scenes[n % scenes.len()];
        let sample = &samples[(n / scenes.len() + n) % samples.len()];
        store_sample(store, storage, user.id, project.id, scene, sample).await?;
    }
    println!("storyboard fixture ready: {scene_count} scenes, {asset_count} images in \"Storyboard at scale\"");
    println!("email: {}", user.email);
    if let Some(password) = password {
        println!("password: {password}");
    }
    Ok(())
}

async fn print_usage(store: &Store, since: chrono::NaiveDate) -> anyhow::Result<()> {
    let since = since.and_time(chrono::NaiveTime::MIN).and_utc();
    let usage = store.provider_usage(since).await?;
    println!(
        "{:<12} {:<20} {:>9} {:>16} {:>8} {:>10} {:>8}",
        "provider", "model", "completed", "failed/cancelled", "credits", "tokens", "seconds"
    );
    for row in usage {
        println!(
            "{:<12} {:<20} {:>9} {:>16} {:>8} {:>10} {:>8.0}",
            row.provider,
            row.model,
            row.completed,
            row.failed,
            row.credits,
            row.tokens,
            row.seconds
        );
    }
    Ok(())
}

/// The purchase funnel's steps the web app reports; its last step, a paid checkout, is
/// counted from the Stripe payments the server recorded, never from what clients send.
const FUNNEL: &[&str] = &[
    "purchase_modal_view",
    "purchase_modal_cta_click",
    "checkout_start",
];
const PAID_CHECKOUT_STEP: &str = "checkout_complete (Stripe)";

async fn print_analytics(store: &Store, since: chrono::NaiveDate) -> anyhow::Result<()> {
    let since = since.and_time(chrono::NaiveTime::MIN).and_utc();
    let counts = store.analytics_counts(since).await?;
    println!("{:<32} {:>8} {:>8}", "event", "events", "users");
    for row in &counts {
        println!("{:<32} {:>8} {:>8}", row.name, row.events, row.users);
    }
    println!();
    println!("{:<32} {:>8} {:>10}", "funnel step", "users", "of first");
    let users = |name: &str| {
        counts
            .iter()
            .find(|c| c.name == name)
            .map_or(0, |c| c.users)
    };
    let first = users(FUNNEL[0]);
    let paid = store.paid_checkouts_since(since).await?;
    let steps = FUNNEL
        .iter()
        .map(|step| (*step, users(step)))
        .chain([(PAID_CHECKOUT_STEP, paid)]);
    for (step, reached) in steps {
        let share = if first > 0 {
            format!("{:.0}%", reached as f64 * 100.0 / first as f64)
        } else {
            "-".to_owned()
        };
        println!("{step:<32} {reached:>8} {share:>10}");
    }
    Ok(())
}
