//! Credits: what every new account is granted. What each job costs is [`crate::JobKind::price`].

use serde::{Deserialize, Serialize};

use crate::Invalid;

/// Credits granted to every new account.
pub const SIGNUP_GRANT: i64 = 100;

/// Why credits moved. The names are the ledger's stored and answered `reason` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum LedgerReason {
    SignupGrant,
    AdminGrant,
    /// A generation job's price, debited when it is enqueued.
    Generation,
    /// A failed job's price, returned.
    Refund,
    Purchase,
    /// A subscription's first month, granted when its checkout completes.
    SubscriptionGrant,
    /// A subscription's monthly renewal.
    SubscriptionRenewal,
    /// The unspent credits of a grant whose payment was refunded or disputed, taken back.
    PaymentReversal,
}

impl LedgerReason {
    pub const ALL: &'static [LedgerReason] = &[
        LedgerReason::SignupGrant,
        LedgerReason::AdminGrant,
        LedgerReason::Generation,
        LedgerReason::Refund,
        LedgerReason::Purchase,
        LedgerReason::SubscriptionGrant,
        LedgerReason::SubscriptionRenewal,
        LedgerReason::PaymentReversal,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LedgerReason::SignupGrant => "signup_grant",
            LedgerReason::AdminGrant => "admin_grant",
            LedgerReason::Generation => "generation",
            LedgerReason::Refund => "refund",
            LedgerReason::Purchase => "purchase",
            LedgerReason::SubscriptionGrant => "subscription_grant",
            LedgerReason::SubscriptionRenewal => "subscription_renewal",
            LedgerReason::PaymentReversal => "payment_reversal",
        }
    }

    /// Unknown text is an error, never a default reason.
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        Self::ALL
            .iter()
            .copied()
            .find(|r| r.as_str() == text)
            .ok_or_else(|| {
                Invalid::new(
                    "reason",
                    format!("Unknown ledger reason '{}'", crate::echoed(text)),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_written_as_they_are_stored() {
        for reason in LedgerReason::ALL {
            assert_eq!(LedgerReason::parse(reason.as_str()), Ok(*reason));
            assert_eq!(
                serde_json::to_value(reason).unwrap(),
                serde_json::json!(reason.as_str())
            );
        }
        assert!(LedgerReason::parse("gift").is_err());
    }
}
