//! Request fields as clients send them, read once at the edge into the product's types: the
//! handler's request type holds these, so a service never parses text.
//!
//! Clients send `""` for "none chosen", so a blank id or choice reads as not given; what is
//! given must be valid, and a broken rule names its field (the extractor answers a rule's
//! message as written).

use serde::de::{self, Deserializer};
use serde::Deserialize;
use uuid::Uuid;

use crate::Invalid;

/// What a broken rule's message is wrapped in to travel through a deserializer, so that the
/// extractor can tell it from the deserializer's own messages and answer it as written.
const RULE: &str = "broken rule: ";

impl Invalid {
    /// This rule broken while a request is read.
    pub fn into_de_error<E: de::Error>(self) -> E {
        E::custom(format_args!("{RULE}{}", self.message))
    }

    /// The message of a rule broken while a request was read, when `problem` is one.
    pub fn message_in_de_error(problem: &str) -> Option<&str> {
        problem.strip_prefix(RULE)
    }
}

fn given(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// An id a request may leave out (absent, null or blank); given, it must be a UUID.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OptionalId(Option<Uuid>);

impl OptionalId {
    pub fn get(self) -> Option<Uuid> {
        self.0
    }

    /// The id in a form's text field `field`.
    pub fn parse(field: &'static str, text: &str) -> Result<Self, Invalid> {
        match given(Some(text.to_owned())) {
            None => Ok(Self(None)),
            Some(text) => Uuid::parse_str(&text)
                .map(|id| Self(Some(id)))
                .map_err(|_| {
                    Invalid::new(field, format!("Invalid value for {field}: expected a UUID"))
                }),
        }
    }
}

impl From<Option<Uuid>> for OptionalId {
    fn from(id: Option<Uuid>) -> Self {
        Self(id)
    }
}

impl<'de> Deserialize<'de> for OptionalId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match given(Option::deserialize(deserializer)?) {
            None => Ok(Self(None)),
            // Worded as the UUID type's own deserializer words it, as for every other id.
            Some(text) => Uuid::parse_str(&text)
                .map(|id| Self(Some(id)))
                .map_err(|e| de::Error::custom(format_args!("UUID parsing failed: {e}"))),
        }
    }
}

/// An id of something of the user's that is looked up: text that is no id names nothing
/// the user has, and is answered as an id of someone else's would be (not found), so that
/// the answer never tells ids apart.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LookupId {
    #[default]
    Absent,
    Id(Uuid),
    /// Given, but no id: it names nothing.
    Nothing,
}

impl LookupId {
    pub fn parse(text: Option<String>) -> Self {
        match given(text) {
            None => LookupId::Absent,
            Some(text) => Uuid::parse_str(&text).map_or(LookupId::Nothing, LookupId::Id),
        }
    }
}

impl<'de> Deserialize<'de> for LookupId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(LookupId::parse(Option::deserialize(deserializer)?))
    }
}

/// How many images a request asks for of one brief: a whole number from 1 to
/// [`Variations::MAX`]; absent or null means one. Anything else (a fraction, text, a
/// boolean) is refused while the request is read, so a service only ever sees a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variations(u8);

impl Variations {
    /// The most images one request makes.
    pub const MAX: u8 = 4;
    pub const OUT_OF_RANGE: &'static str = "variations must be a whole number from 1 to 4";

    pub fn count(self) -> u8 {
        self.0
    }

    pub fn new(count: u64) -> Result<Self, Invalid> {
        u8::try_from(count)
            .ok()
            .filter(|n| (1..=Self::MAX).contains(n))
            .map(Self)
            .ok_or_else(|| Invalid::new("variations", Self::OUT_OF_RANGE))
    }
}

impl Default for Variations {
    fn default() -> Self {
        Self(1)
    }
}

impl<'de> Deserialize<'de> for Variations {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Count;

        impl<'de> de::Visitor<'de> for Count {
            type Value = Variations;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(Variations::OUT_OF_RANGE)
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Variations, E> {
                Variations::new(n).map_err(Invalid::into_de_error)
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Variations, E> {
                u64::try_from(n)
                    .map_err(|_| Invalid::new("variations", Variations::OUT_OF_RANGE))
                    .and_then(Variations::new)
                    .map_err(Invalid::into_de_error)
            }

            fn visit_unit<E: de::Error>(self) -> Result<Variations, E> {
                Ok(Variations::default())
            }

            fn visit_none<E: de::Error>(self) -> Result<Variations, E> {
                Ok(Variations::default())
            }

            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Variations, D::Error> {
                d.deserialize_any(self)
            }
        }

        // Every other kind of value (2.5, "2", true, [], {}) falls to the visitor's
        // defaults, which refuse it with `expecting`'s words; those are the rule's message.
        deserializer
            .deserialize_any(Count)
            .map_err(|_: D::Error| Invalid::new("variations", Self::OUT_OF_RANGE).into_de_error())
    }
}

/// One of a set of words a request may leave out (absent, null or blank); given, it must be
/// one of them, and the answer lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice<T>(Option<T>);

impl<T> Default for Choice<T> {
    fn default() -> Self {
        Self(None)
    }
}

impl<T> From<Option<T>> for Choice<T> {
    fn from(word: Option<T>) -> Self {
        Self(word)
    }
}

impl<T: Copy> Choice<T> {
    pub fn get(self) -> Option<T> {
        self.0
    }
}

impl<T: Word> Choice<T> {
    pub fn parse(text: Option<String>) -> Result<Self, Invalid> {
        match given(text) {
            None => Ok(Self(None)),
            Some(text) => T::parse_word(&text).map(|word| Self(Some(word))),
        }
    }
}

/// A word of a request's set, read strictly.
pub trait Word: Sized {
    fn parse_word(text: &str) -> Result<Self, Invalid>;
}

impl<'de, T: Word> Deserialize<'de> for Choice<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Choice::parse(Option::deserialize(deserializer)?).map_err(Invalid::into_de_error)
    }
}

/// A set of words a request may send, read strictly: any other text is refused with
/// `$refusal`, which may name the text as `$other`. Serialized as the word itself.
macro_rules! request_words {
    ($(#[$meta:meta])* $name:ident, $field:literal, |$other:tt| $refusal:expr,
        [$($(#[$vmeta:meta])* $variant:ident => $text:literal),+ $(,)?]) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl $crate::request::Word for $name {
            fn parse_word(text: &str) -> Result<Self, $crate::Invalid> {
                match text {
                    $($text => Ok($name::$variant),)+
                    $other => Err($crate::Invalid::new($field, $refusal)),
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some([$($text),+]))
                    .into()
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($name))
            }
        }
    };
}

request_words!(
    /// How a user felt about a message's media.
    Reaction, "reaction", |_| "reaction must be positive or negative", [
    Positive => "positive",
    Negative => "negative",
]);

request_words!(
    /// What was wrong with media a user disliked: one of the options offered.
    FeedbackReason, "reason", |_| "Please select a feedback option", [
    PoorQuality => "poor_quality",
    Inaccurate => "inaccurate",
    WrongStyle => "wrong_style",
    Distorted => "distorted",
    Other => "other",
]);

request_words!(
    /// The web app's summary of a reaction.
    FeedbackType, "feedbackType", |_| "feedbackType must be positive_general or negative_general", [
    PositiveGeneral => "positive_general",
    NegativeGeneral => "negative_general",
]);

request_words!(
    /// What the Generate panel makes: images only.
    OutputType, "output_type",
    |other| format!("Unknown output_type '{}'. Expected image", crate::echoed(other)), [
    Image => "image",
]);

/// The kind of sound a music generation makes: only music.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AudioType {
    #[default]
    Music,
}

impl AudioType {
    pub fn as_str(self) -> &'static str {
        "music"
    }
}

impl Word for AudioType {
    fn parse_word(text: &str) -> Result<Self, Invalid> {
        match text {
            "music" => Ok(AudioType::Music),
            _ => Err(Invalid::new("audio_type", "audio_type must be music")),
        }
    }
}

/// Which of a chat answer's briefs to follow: its image or its video brief.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum BriefKind {
    #[default]
    Image,
    Video,
}

impl Word for BriefKind {
    fn parse_word(text: &str) -> Result<Self, Invalid> {
        match text {
            "image" => Ok(BriefKind::Image),
            "video" => Ok(BriefKind::Video),
            other => Err(Invalid::new(
                "media_type",
                format!(
                    "Unknown media_type '{}'. Expected image or video",
                    crate::echoed(other)
                ),
            )),
        }
    }
}

// Request fields name these with `#[schema(value_type = …)]`; a blank reads as not given.
#[cfg(feature = "openapi")]
mod schemas {
    use std::borrow::Cow;

    use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
    use utoipa::openapi::RefOr;
    use utoipa::{PartialSchema, ToSchema};

    use super::{AudioType, BriefKind};

    fn words(words: &[&str]) -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(words.iter().copied()))
            .into()
    }

    impl PartialSchema for AudioType {
        fn schema() -> RefOr<Schema> {
            words(&["music"])
        }
    }

    impl ToSchema for AudioType {
        fn name() -> Cow<'static, str> {
            Cow::Borrowed("AudioType")
        }
    }

    impl PartialSchema for BriefKind {
        fn schema() -> RefOr<Schema> {
            words(&["image", "video"])
        }
    }

    impl ToSchema for BriefKind {
        fn name() -> Cow<'static, str> {
            Cow::Borrowed("BriefKind")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ImageEngine;

    #[derive(Debug, Deserialize)]
    struct Request {
        #[serde(default)]
        id: OptionalId,
        #[serde(default)]
        parent: LookupId,
        #[serde(default)]
        engine: Choice<ImageEngine>,
    }

    #[derive(Debug, Deserialize)]
    struct Set {
        #[serde(default)]
        variations: Variations,
    }

    #[test]
    fn variations_are_a_whole_number_from_one_to_four() {
        let count = |json: &str| serde_json::from_str::<Set>(json).map(|s| s.variations.count());
        assert_eq!(count("{}").unwrap(), 1);
        assert_eq!(count(r#"{"variations":null}"#).unwrap(), 1);
        for n in 1..=4 {
            assert_eq!(count(&format!(r#"{{"variations":{n}}}"#)).unwrap(), n);
        }
        for bad in [
            "0", "5", "-1", "2.5", "\"2\"", "\"x\"", "true", "[2]", "{}", "300",
        ] {
            let error = count(&format!(r#"{{"variations":{bad}}}"#))
                .unwrap_err()
                .to_string();
            let rule = error.split(" at line").next().unwrap();
            assert_eq!(
                Invalid::message_in_de_error(rule),
                Some(Variations::OUT_OF_RANGE),
                "{bad}: {error}"
            );
        }
    }

    fn read(json: &str) -> Result<Request, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn blank_ids_and_words_read_as_not_given() {
        let r = read(r#"{"id": " ", "parent": "", "engine": ""}"#).unwrap();
        assert_eq!(
            (r.id.get(), r.parent, r.engine.get()),
            (None, LookupId::Absent, None)
        );
        let r = read(r#"{"id": null}"#).unwrap();
        assert_eq!(r.id.get(), None);
    }

    #[test]
    fn given_ids_and_words_are_read() {
        let id = Uuid::new_v4();
        let r = read(&format!(
            r#"{{"id": "{id}", "parent": " {id} ", "engine": " studio "}}"#
        ))
        .unwrap();
        assert_eq!(r.id.get(), Some(id));
        assert_eq!(r.parent, LookupId::Id(id));
        assert_eq!(r.engine.get(), Some(ImageEngine::Studio));
    }

    #[test]
    fn a_malformed_id_is_refused_but_a_malformed_reference_names_nothing() {
        assert!(read(r#"{"id": "not-a-uuid"}"#)
            .unwrap_err()
            .contains("UUID parsing failed"));
        assert_eq!(
            read(r#"{"parent": "not-a-uuid"}"#).unwrap().parent,
            LookupId::Nothing
        );
    }

    #[test]
    fn an_unknown_word_is_refused_with_the_rule_as_written() {
        let error = read(r#"{"engine": "crayon"}"#).unwrap_err();
        let problem = error.split(" at line ").next().unwrap();
        let message = Invalid::message_in_de_error(problem).unwrap();
        assert!(
            message.starts_with("Unknown engine 'crayon'. Expected one of: hosted_exact"),
            "{message}"
        );
    }
}
