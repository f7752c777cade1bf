//! Signed, expiring tokens for media: a short-lived read token for the signed-in user's
//! media (never the session token itself) and share links for one file. HMAC-SHA256 with a
//! key every API node and worker reads from the database (workers sign links a hosted
//! model fetches a job's input from).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use uuid::Uuid;

use crate::{Result, Store};

type HmacSha256 = Hmac<Sha256>;

/// The name of the media signing key in the database's server secrets.
const MEDIA_SIGNING_KEY: &str = "media_signing_key";

const MEDIA_TOKEN_PREFIX: &str = "mt1.";
const SHARE_TOKEN_PREFIX: &str = "sh1.";
const SHARE_LINK_PREFIX: &str = "sl1.";

pub struct Signer {
    key: Vec<u8>,
}

impl Signer {
    pub fn new(key: Vec<u8>) -> Self {
        Self { key }
    }

    fn mac(&self, purpose: &str, payload: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        mac.update(purpose.as_bytes());
        mac.update(payload);
        mac
    }

    fn sign(&self, prefix: &str, payload: &[u8]) -> String {
        let signature = self.mac(prefix, payload).finalize().into_bytes();
        format!(
            "{prefix}{}.{}",
            URL_SAFE_NO_PAD.encode(payload),
            URL_SAFE_NO_PAD.encode(signature)
        )
    }

    /// The payload of a valid, unexpired token of this kind. The last 8 payload bytes are the
    /// expiry (unix seconds, big-endian).
    fn verify(&self, prefix: &str, token: &str, now: DateTime<Utc>) -> Option<Vec<u8>> {
        let (payload, signature) = token.strip_prefix(prefix)?.split_once('.')?;
        let payload = URL_SAFE_NO_PAD.decode(payload).ok()?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        self.mac(prefix, &payload).verify_slice(&signature).ok()?;
        let expires = i64::from_be_bytes(
            payload
                .get(payload.len().checked_sub(8)?..)?
                .try_into()
                .ok()?,
        );
        (now.timestamp() < expires).then_some(payload)
    }

    /// A token that reads `user_id`'s media until `expires_at`, issued by the session
    /// `session_id` (which the reader checks is still open).
    pub fn media_token(
        &self,
        user_id: Uuid,
        session_id: Uuid,
        expires_at: DateTime<Utc>,
    ) -> String {
        let mut payload = user_id.as_bytes().to_vec();
        payload.extend_from_slice(session_id.as_bytes());
        payload.extend_from_slice(&expires_at.timestamp().to_be_bytes());
        self.sign(MEDIA_TOKEN_PREFIX, &payload)
    }

    pub fn is_media_token(token: &str) -> bool {
        token.starts_with(MEDIA_TOKEN_PREFIX)
    }

    /// `(user_id, session_id)` of a valid media token.
    pub fn verify_media_token(&self, token: &str, now: DateTime<Utc>) -> Option<(Uuid, Uuid)> {
        let payload = self.verify(MEDIA_TOKEN_PREFIX, token, now)?;
        if payload.len() != 40 {
            return None;
        }
        Some((
            Uuid::from_slice(&payload[..16]).ok()?,
            Uuid::from_slice(&payload[16..32]).ok()?,
        ))
    }

    /// A link token that serves one file of `user_id` until `expires_at`, with no row behind
    /// it: the short-lived links a hosted model fetches a job's input from.
    pub fn share_token(&self, file_id: Uuid, user_id: Uuid, expires_at: DateTime<Utc>) -> String {
        let mut payload = file_id.as_bytes().to_vec();
        payload.extend_from_slice(user_id.as_bytes());
        payload.extend_from_slice(&expires_at.timestamp().to_be_bytes());
        self.sign(SHARE_TOKEN_PREFIX, &payload)
    }

    /// `(file_id, user_id)` of a valid share token.
    pub fn verify_share_token(&self, token: &str, now: DateTime<Utc>) -> Option<(Uuid, Uuid)> {
        let payload = self.verify(SHARE_TOKEN_PREFIX, token, now)?;
        if payload.len() != 40 {
            return None;
        }
        Some((
            Uuid::from_slice(&payload[..16]).ok()?,
            Uuid::from_slice(&payload[16..32]).ok()?,
        ))
    }
}

impl Signer {
    /// The token of the share link `link_id` (a row that names the file and can be revoked),
    /// good until `expires_at`.
    pub fn share_link_token(&self, link_id: Uuid, expires_at: DateTime<Utc>) -> String {
        let mut payload = link_id.as_bytes().to_vec();
        payload.extend_from_slice(&expires_at.timestamp().to_be_bytes());
        self.sign(SHARE_LINK_PREFIX, &payload)
    }

    /// The link id of a valid, unexpired share link token.
    pub fn verify_share_link_token(&self, token: &str, now: DateTime<Utc>) -> Option<Uuid> {
        let payload = self.verify(SHARE_LINK_PREFIX, token, now)?;
        if payload.len() != 24 {
            return None;
        }
        Uuid::from_slice(&payload[..16]).ok()
    }
}

impl Store {
    /// The signer of media tokens and share links, with the shared key (created by the first
    /// process that asks).
    pub async fn media_signer(&self) -> Result<Signer> {
        let mut fresh = [0u8; 32];
        rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut fresh);
        Ok(Signer::new(
            self.server_secret(MEDIA_SIGNING_KEY, &fresh).await?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;

    #[test]
    fn media_tokens_verify_until_they_expire() {
        let signer = Signer::new(b"key".to_vec());
        let user = Uuid::new_v4();
        let session = Uuid::new_v4();
        let now = crate::now();
        let token = signer.media_token(user, session, now + Duration::minutes(10));
        assert_eq!(
            signer.verify_media_token(&token, now),
            Some((user, session))
        );
        assert_eq!(
            signer.verify_media_token(&token, now + Duration::minutes(11)),
            None
        );
        assert_eq!(
            Signer::new(b"other".to_vec()).verify_media_token(&token, now),
            None
        );
    }

    #[test]
    fn tokens_cannot_be_altered_or_reused_for_another_purpose() {
        let signer = Signer::new(b"key".to_vec());
        let now = crate::now();
        let share = signer.share_token(Uuid::new_v4(), Uuid::new_v4(), now + Duration::days(1));
        assert!(signer.verify_share_token(&share, now).is_some());
        assert_eq!(
            signer.verify_media_token(&share.replacen("sh1.", "mt1.", 1), now),
            None
        );
        let link = Uuid::new_v4();
        let link_token = signer.share_link_token(link, now + Duration::days(1));
        assert_eq!(signer.verify_share_link_token(&link_token, now), Some(link));
        assert_eq!(
            signer.verify_share_link_token(&link_token, now + Duration::days(2)),
            None
        );
        assert_eq!(signer.verify_share_token(&link_token, now), None);
        let mut tampered = share.clone();
        tampered.insert(6, 'A');
        assert_eq!(signer.verify_share_token(&tampered, now), None);
    }
}
