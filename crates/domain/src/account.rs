//! Account credentials as parsed types.

use crate::Invalid;

/// A normalised (trimmed, lower-cased) email address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        let email = text.trim().to_lowercase();
        let valid = email.len() <= 254
            && email.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains('@')
            })
            && !email.chars().any(|c| c.is_whitespace() || c.is_control());
        if valid {
            Ok(Self(email))
        } else {
            Err(Invalid::new("email", "Please enter a valid email address"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password: 8 to 256 characters.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_CHARS: usize = 256;

    pub fn parse(text: &str) -> Result<Self, Invalid> {
        let n = text.chars().count();
        if n < Self::MIN_CHARS {
            return Err(Invalid::new(
                "password",
                format!("Password must be at least {} characters", Self::MIN_CHARS),
            ));
        }
        if n > Self::MAX_CHARS {
            return Err(Invalid::new(
                "password",
                format!("Password must be at most {} characters", Self::MAX_CHARS),
            ));
        }
        Ok(Self(text.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised() {
        assert_eq!(
            Email::parse(" Ada@Example.COM ").unwrap().as_str(),
            "ada@example.com"
        );
        for bad in [
            "", "ada", "ada@", "@x.io", "a b@x.io", "ada@x", "a@b@c.io", "ada@.io",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords_have_bounds_and_hide_in_debug() {
        assert!(Password::parse("short").is_err());
        let p = Password::parse("long enough").unwrap();
        assert_eq!(format!("{p:?}"), "Password(..)");
    }
}
