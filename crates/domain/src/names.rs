//! Names users give to projects and scenes, trimmed and checked once.

use crate::Invalid;

const MAX_NAME_CHARS: usize = 120;

fn parse_name(field: &'static str, text: &str, empty_message: &str) -> Result<String, Invalid> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(Invalid::new(field, empty_message));
    }
    if trimmed.chars().count() > MAX_NAME_CHARS {
        return Err(Invalid::new(
            field,
            format!("Name must be at most {MAX_NAME_CHARS} characters"),
        ));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(Invalid::new(
            field,
            "Name must not contain control characters",
        ));
    }
    Ok(trimmed.to_owned())
}

/// A project's name: not empty after trimming ("Project name cannot be empty").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectName(String);

impl ProjectName {
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        parse_name("project_name", text, "Project name cannot be empty").map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A scene's (campaign's) name: not blank after trimming.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SceneName(String);

impl SceneName {
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        parse_name("name", text, "Campaign name cannot be empty").map(Self)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_must_not_be_blank() {
        assert_eq!(
            ProjectName::parse("  Spring sale ").unwrap().as_str(),
            "Spring sale"
        );
        assert_eq!(
            ProjectName::parse("   ").unwrap_err().message,
            "Project name cannot be empty"
        );
        assert_eq!(SceneName::parse("\t").unwrap_err().field, Some("name"));
        assert!(SceneName::parse(&"x".repeat(121)).is_err());
        assert!(ProjectName::parse("a\u{0}b").is_err());
    }
}
