//! Payments configuration: the Stripe keys (both or neither), the plans on sale and the
//! Stripe Price of each.

use anyhow::bail;

use crate::config::Config;

fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

fn is_http(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}

impl Config {
    /// The plans listed in `studio.toml`, else the built-in Creator Plan; the Creator Plan
    /// takes its Stripe Price from `STRIPE_CREATOR_PRICE_ID` unless its entry names one.
    pub(crate) fn plans_on_sale(&self) -> Vec<server::Plan> {
        let creator_price = given(&self.stripe_creator_price_id).map(str::to_owned);
        let mut plans = if self.plans.is_empty() {
            vec![server::Plan::creator(None)]
        } else {
            self.plans.clone()
        };
        for plan in &mut plans {
            if plan.id == "creator_monthly" && given(&plan.stripe_price_id).is_none() {
                plan.stripe_price_id.clone_from(&creator_price);
            }
        }
        plans
    }

    /// Stripe, when both keys are set.
    pub(crate) fn stripe_config(&self) -> Option<server::StripeConfig> {
        Some(server::StripeConfig {
            secret_key: given(&self.stripe_secret_key)?.to_owned(),
            webhook_secret: given(&self.stripe_webhook_secret)?.to_owned(),
            api_base: self.stripe_api_base.trim_end_matches('/').to_owned(),
        })
    }

    pub(crate) fn validate_payments(&self) -> anyhow::Result<()> {
        match (
            given(&self.stripe_secret_key),
            given(&self.stripe_webhook_secret),
        ) {
            (Some(_), None) => bail!("invalid configuration: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET (stripe_webhook_secret in studio.toml) is missing; set both or neither"),
            (None, Some(_)) => bail!("invalid configuration: STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY (stripe_secret_key in studio.toml) is missing; set both or neither"),
            _ => {}
        }
        if !is_http(&self.stripe_api_base) {
            bail!("invalid configuration: STRIPE_API_BASE must be an http(s) URL like https://api.stripe.com (got {:?})", self.stripe_api_base);
        }
        if let Some(url) = &self.public_url {
            if !is_http(url) {
                bail!("invalid configuration: STUDIO_PUBLIC_URL must be an http(s) URL like https://studio.example.com (got {url:?})");
            }
        }
        let plans = self.plans_on_sale();
        for (i, plan) in plans.iter().enumerate() {
            if plan.id.trim().is_empty() || plan.name.trim().is_empty() {
                bail!("invalid configuration: every [[plans]] entry needs an id and a name");
            }
            if plans[..i].iter().any(|p| p.id == plan.id) {
                bail!(
                    "invalid configuration: the plan id {:?} is listed twice",
                    plan.id
                );
            }
            if plan.regular_credits <= 0 || plan.bonus_credits < 0 || plan.price < 0.0 {
                bail!("invalid configuration: plan {:?} needs positive regular_credits, and bonus_credits and price of at least 0", plan.id);
            }
            if self.stripe_config().is_some() && given(&plan.stripe_price_id).is_none() {
                if plan.id == "creator_monthly" {
                    bail!("invalid configuration: payments are configured but the Creator Plan has no Stripe price: set STRIPE_CREATOR_PRICE_ID (stripe_creator_price_id in studio.toml)");
                }
                bail!("invalid configuration: payments are configured but plan {:?} has no stripe_price_id in its [[plans]] entry", plan.id);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        Config::default()
    }

    #[test]
    fn one_stripe_key_without_the_other_names_the_missing_variable() {
        let mut c = config();
        c.stripe_secret_key = Some("sk_test_1".into());
        let error = c.validate_payments().unwrap_err().to_string();
        assert!(error.contains("STRIPE_WEBHOOK_SECRET"), "{error}");

        let mut c = config();
        c.stripe_webhook_secret = Some("whsec_1".into());
        let error = c.validate_payments().unwrap_err().to_string();
        assert!(error.contains("STRIPE_SECRET_KEY"), "{error}");
    }

    #[test]
    fn configured_payments_need_the_creator_price() {
        let mut c = config();
        c.stripe_secret_key = Some("sk_test_1".into());
        c.stripe_webhook_secret = Some("whsec_1".into());
        let error = c.validate_payments().unwrap_err().to_string();
        assert!(error.contains("STRIPE_CREATOR_PRICE_ID"), "{error}");
        c.stripe_creator_price_id = Some("price_1".into());
        c.validate_payments().unwrap();
        assert_eq!(
            c.plans_on_sale()[0].stripe_price_id.as_deref(),
            Some("price_1")
        );
        assert!(c.stripe_config().is_some());
    }

    #[test]
    fn without_keys_payments_are_off_and_the_creator_plan_is_listed() {
        let c = config();
        c.validate_payments().unwrap();
        assert!(c.stripe_config().is_none());
        let plans = c.plans_on_sale();
        assert_eq!(plans.len(), 1);
        assert_eq!(plans[0].id, "creator_monthly");
        assert_eq!(plans[0].regular_credits + plans[0].bonus_credits, 140);
    }
}
