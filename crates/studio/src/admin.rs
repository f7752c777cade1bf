//! `studio admin …`: operator tasks run against the configured database.

use anyhow::{bail, Context};
use clap::{Subcommand, ValueEnum};
use rand::distributions::{Alphanumeric, DistString};
use store::{LedgerReason, NewUser, Store, StoreError};

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

pub async fn run(store: &Store, command: AdminCommand) -> anyhow::Result<()> {
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
        AdminCommand::SeedDemo { email } => seed_demo(store, &email).await,
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

/// The spec's demo state: 100 credits and three sample scenes.
const DEMO_PROJECT: &str = "Demo Project";
const DEMO_SCENES: [&str; 3] = ["Hero Shot", "Lifestyle", "Social Teaser"];

async fn seed_demo(store: &Store, email: &str) -> anyhow::Result<()> {
    let (user, password) = create_user(store, email, None)
        .await
        .context("cannot create the demo account (use --email for another address)")?;
    let name = domain::ProjectName::parse(DEMO_PROJECT)?;
    let project = store
        .create_project(user.id, &name, domain::Settings::default())
        .await?;
    for scene in DEMO_SCENES {
        store
            .create_scene(user.id, project.id, &domain::SceneName::parse(scene)?, None)
            .await?;
    }
    println!(
        "demo account ready: {} scenes in \"{DEMO_PROJECT}\", {} credits",
        DEMO_SCENES.len(),
        domain::credits::SIGNUP_GRANT
    );
    println!("email: {}", user.email);
    if let Some(password) = password {
        println!("password: {password}");
    }
    Ok(())
}
