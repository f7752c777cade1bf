//! Links a hosted model fetches a job's stored input from: the studio's own share route,
//! signed and short-lived, under the public URL the operator configured.

use std::sync::Arc;

use uuid::Uuid;

/// Long enough for a provider to fetch the input when its task starts, queueing included.
const LINK_MINUTES: i64 = 30;

#[derive(Clone)]
pub struct MediaLinks {
    /// Where the studio is reached from the internet, e.g. `https://studio.example.com`.
    pub public_url: String,
    pub signer: Arc<store::Signer>,
}

impl MediaLinks {
    /// A signed link to one of the user's stored files.
    pub fn link(&self, user_id: Uuid, file_id: Uuid) -> String {
        let expires_at = store::now() + chrono::Duration::minutes(LINK_MINUTES);
        format!(
            "{}/api/media/shared/{}",
            self.public_url.trim_end_matches('/'),
            self.signer.share_token(file_id, user_id, expires_at)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_share_links_that_verify() {
        let signer = Arc::new(store::Signer::new(b"key".to_vec()));
        let links = MediaLinks {
            public_url: "https://studio.example.com/".into(),
            signer: signer.clone(),
        };
        let (user, file) = (Uuid::new_v4(), Uuid::new_v4());
        let link = links.link(user, file);
        let token = link
            .strip_prefix("https://studio.example.com/api/media/shared/")
            .unwrap();
        assert_eq!(
            signer.verify_share_token(token, store::now()),
            Some((file, user))
        );
        let later = store::now() + chrono::Duration::minutes(LINK_MINUTES + 1);
        assert_eq!(signer.verify_share_token(token, later), None);
    }
}
